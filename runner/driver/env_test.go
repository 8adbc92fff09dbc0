package driver

import (
	"errors"
	"strings"
	"testing"
	"time"
)

func fullTask() Assignment {
	return Assignment{
		CardURL:  "https://127.0.0.2:4443/.well-known/agent-card.json",
		Message:  "book a table for two",
		Skill:    "reserve",
		CAFile:   "/tmp/farm-ca.pem",
		Deadline: 12500 * time.Millisecond,
		RunID:    "run-7",
		Task:     2,
		StateDir: "/tmp/state",
		Credentials: Credentials{
			OAuthClientID:     "client-1",
			OAuthClientSecret: "s3cret",
			BearerToken:       "tok",
			APIKey:            "key",
			ClientCertFile:    "/tmp/c.pem",
			ClientKeyFile:     "/tmp/k.pem",
		},
	}
}

// envMap turns "K=V" pairs into a lookup, failing on duplicates.
func envMap(t *testing.T, env []string) map[string]string {
	t.Helper()
	m := map[string]string{}
	for _, kv := range env {
		k, v, ok := strings.Cut(kv, "=")
		if !ok {
			t.Fatalf("malformed entry %q", kv)
		}
		if _, dup := m[k]; dup {
			t.Fatalf("duplicate variable %s", k)
		}
		m[k] = v
	}
	return m
}

func TestEnvironRoundTrip(t *testing.T) {
	tests := []struct {
		name string
		task Assignment
	}{
		{"everything granted", fullTask()},
		{"nothing granted", Assignment{CardURL: "https://127.0.0.1:1/.well-known/agent-card.json", Deadline: time.Second, Task: 1}},
		{"some credentials", Assignment{CardURL: "https://h/c", Deadline: time.Minute, Task: 1, Credentials: Credentials{APIKey: "k"}}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			env := envMap(t, Environ(tt.task, "/tmp/out.json"))
			got, outcomeFile, err := FromEnv(func(k string) string { return env[k] })
			if err != nil {
				t.Fatal(err)
			}
			if got != tt.task {
				t.Errorf("round trip = %+v, want %+v", got, tt.task)
			}
			if outcomeFile != "/tmp/out.json" {
				t.Errorf("outcome file = %q", outcomeFile)
			}
		})
	}
}

func TestEnvironGrantsOnlyWhatIsGiven(t *testing.T) {
	task := Assignment{CardURL: "https://h/c", CAFile: "/ca.pem", Deadline: 1500 * time.Millisecond,
		Credentials: Credentials{BearerToken: "tok"}}
	env := envMap(t, Environ(task, "/o.json"))
	want := map[string]string{
		EnvCardURL:            "https://h/c",
		EnvMessage:            "",
		EnvSkill:              "",
		EnvRunID:              "",
		EnvOutcomeFile:        "/o.json",
		EnvDeadlineMS:         "1500",
		EnvCAFile:             "/ca.pem",
		"SSL_CERT_FILE":       "/ca.pem",
		"NODE_EXTRA_CA_CERTS": "/ca.pem",
		EnvBearerToken:        "tok",
		EnvTask:               "1",
	}
	for k, v := range want {
		if got, ok := env[k]; !ok || got != v {
			t.Errorf("%s = %q (set %v), want %q", k, got, ok, v)
		}
	}
	if len(env) != len(want) {
		t.Errorf("Environ set %d variables, want %d: %v", len(env), len(want), env)
	}
}

func TestFromEnvErrors(t *testing.T) {
	base := envMap(t, Environ(fullTask(), "/o.json"))
	tests := []struct {
		name    string
		change  map[string]string
		wantMsg string
	}{
		{"no card URL", map[string]string{EnvCardURL: ""}, EnvCardURL + " is not set"},
		{"no outcome file", map[string]string{EnvOutcomeFile: ""}, EnvOutcomeFile + " is not set"},
		{"deadline not a number", map[string]string{EnvDeadlineMS: "10s"}, EnvDeadlineMS + `="10s" is not a positive number`},
		{"deadline zero", map[string]string{EnvDeadlineMS: "0"}, EnvDeadlineMS + `="0"`},
		{"deadline negative", map[string]string{EnvDeadlineMS: "-5"}, EnvDeadlineMS + `="-5"`},
		{"deadline overflows", map[string]string{EnvDeadlineMS: "99999999999999999"}, EnvDeadlineMS},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			_, _, err := FromEnv(func(k string) string {
				if v, ok := tt.change[k]; ok {
					return v
				}
				return base[k]
			})
			if !errors.Is(err, ErrEnv) {
				t.Fatalf("err = %v, want ErrEnv", err)
			}
			if !strings.Contains(err.Error(), tt.wantMsg) {
				t.Errorf("err = %q, want it to contain %q", err, tt.wantMsg)
			}
		})
	}
}

func TestFromEnvWithoutDeadline(t *testing.T) {
	env := map[string]string{EnvCardURL: "https://h/c", EnvOutcomeFile: "/o"}
	task, _, err := FromEnv(func(k string) string { return env[k] })
	if err != nil || task.Deadline != 0 {
		t.Fatalf("FromEnv = %+v, %v; want no deadline and no error", task, err)
	}
}

// A session-mode client gets what is the same for every task, and no task.
func TestSessionEnviron(t *testing.T) {
	env := envMap(t, SessionEnviron(fullTask()))
	if env[EnvSession] != "1" || env[EnvStateDir] != "/tmp/state" || env[EnvBearerToken] != "tok" || env[EnvCAFile] == "" {
		t.Errorf("session environment %v", env)
	}
	for _, k := range []string{EnvCardURL, EnvMessage, EnvSkill, EnvOutcomeFile, EnvTask, EnvDeadlineMS} {
		if _, ok := env[k]; ok {
			t.Errorf("session environment sets %s", k)
		}
	}
	got := SessionFromEnv(func(k string) string { return env[k] })
	want := fullTask()
	want.CardURL, want.Message, want.Skill, want.Deadline, want.Task = "", "", "", 0, 0
	if got != want {
		t.Errorf("SessionFromEnv = %+v, want %+v", got, want)
	}
}
