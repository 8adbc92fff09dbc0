package driver

import (
	"errors"
	"fmt"
	"strconv"
	"strings"
	"time"
)

// EnvPrefix starts every variable of the driver contract. The runner drops
// inherited variables with it, so a client sees only what its task grants.
const EnvPrefix = "A2A_CONFORM_"

// ErrEnv is wrapped by every FromEnv error.
var ErrEnv = errors.New("driver: bad driver environment")

// Environ returns the driver contract's variables for a one-shot run of t
// ("KEY=value"). Credentials appear only when granted; the CA file is also
// exported as SSL_CERT_FILE and NODE_EXTRA_CA_CERTS so that stock TLS
// stacks trust the farm. A deadline of zero or less is left out.
func Environ(t Assignment, outcomeFile string) []string {
	env := []string{
		EnvCardURL + "=" + t.CardURL,
		EnvMessage + "=" + t.Message,
		EnvSkill + "=" + t.Skill,
		EnvOutcomeFile + "=" + outcomeFile,
		EnvTask + "=" + strconv.Itoa(max(t.Task, 1)),
	}
	if t.Deadline > 0 {
		env = append(env, EnvDeadlineMS+"="+strconv.FormatInt(t.Deadline.Milliseconds(), 10))
	}
	return append(env, sessionVars(t)...)
}

// SessionEnviron returns the variables of a session-mode client: what is
// the same for every task (the tasks themselves arrive on standard input).
func SessionEnviron(t Assignment) []string {
	return append([]string{EnvSession + "=1"}, sessionVars(t)...)
}

func sessionVars(t Assignment) []string {
	env := []string{EnvRunID + "=" + t.RunID}
	if t.StateDir != "" {
		env = append(env, EnvStateDir+"="+t.StateDir)
	}
	if t.CAFile != "" {
		env = append(env,
			EnvCAFile+"="+t.CAFile,
			"SSL_CERT_FILE="+t.CAFile,
			"NODE_EXTRA_CA_CERTS="+t.CAFile)
	}
	for _, c := range credentialVars(&t.Credentials) {
		if *c.value != "" {
			env = append(env, c.name+"="+*c.value)
		}
	}
	return env
}

// FromEnv is the inverse of Environ, for clients written in Go: pass
// os.Getenv. The card URL and the outcome file are required; a missing
// deadline leaves Assignment.Deadline zero (no deadline given).
func FromEnv(getenv func(string) string) (t Assignment, outcomeFile string, err error) {
	t = SessionFromEnv(getenv)
	t.CardURL, t.Message, t.Skill = getenv(EnvCardURL), getenv(EnvMessage), getenv(EnvSkill)
	t.Task, _ = strconv.Atoi(getenv(EnvTask))
	if t.CardURL == "" {
		return Assignment{}, "", fmt.Errorf("%w: %s is not set", ErrEnv, EnvCardURL)
	}
	outcomeFile = getenv(EnvOutcomeFile)
	if outcomeFile == "" {
		return Assignment{}, "", fmt.Errorf("%w: %s is not set", ErrEnv, EnvOutcomeFile)
	}
	if s := strings.TrimSpace(getenv(EnvDeadlineMS)); s != "" {
		ms, perr := strconv.ParseInt(s, 10, 64)
		if perr != nil || ms <= 0 || ms > int64(time.Duration(1<<63-1)/time.Millisecond) {
			return Assignment{}, "", fmt.Errorf("%w: %s=%q is not a positive number of milliseconds", ErrEnv, EnvDeadlineMS, s)
		}
		t.Deadline = time.Duration(ms) * time.Millisecond
	}
	return t, outcomeFile, nil
}

// SessionFromEnv reads what a session-mode client is given in its
// environment: CA file, credentials, run id and state directory.
func SessionFromEnv(getenv func(string) string) Assignment {
	t := Assignment{CAFile: getenv(EnvCAFile), RunID: getenv(EnvRunID), StateDir: getenv(EnvStateDir)}
	for _, c := range credentialVars(&t.Credentials) {
		*c.value = getenv(c.name)
	}
	return t
}

type credentialVar struct {
	name  string
	value *string
}

// credentialVars pairs each credential with its variable, so Environ and
// TaskFromEnv cannot disagree.
func credentialVars(c *Credentials) []credentialVar {
	return []credentialVar{
		{EnvOAuthClientID, &c.OAuthClientID},
		{EnvOAuthSecret, &c.OAuthClientSecret},
		{EnvOAuthTokenURL, &c.OAuthTokenURL},
		{EnvBearerToken, &c.BearerToken},
		{EnvAPIKey, &c.APIKey},
		{EnvClientCertFile, &c.ClientCertFile},
		{EnvClientKeyFile, &c.ClientKeyFile},
	}
}
