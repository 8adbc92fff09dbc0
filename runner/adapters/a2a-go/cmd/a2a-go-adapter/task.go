package main

import (
	"fmt"
	"strconv"
	"time"
)

// The driver contract's environment (docs/driver-contract.md).
const (
	envCardURL        = "A2A_CONFORM_CARD_URL"
	envMessage        = "A2A_CONFORM_MESSAGE"
	envCAFile         = "A2A_CONFORM_CA_FILE"
	envOAuthClientID  = "A2A_CONFORM_OAUTH_CLIENT_ID"
	envOAuthSecret    = "A2A_CONFORM_OAUTH_CLIENT_SECRET"
	envBearerToken    = "A2A_CONFORM_BEARER_TOKEN"
	envAPIKey         = "A2A_CONFORM_API_KEY"
	envClientCertFile = "A2A_CONFORM_CLIENT_CERT_FILE"
	envClientKeyFile  = "A2A_CONFORM_CLIENT_KEY_FILE"
	envOutcomeFile    = "A2A_CONFORM_OUTCOME_FILE"
	envDeadlineMS     = "A2A_CONFORM_DEADLINE_MS"
)

// deadlineMargin: the adapter stops this long before the runner's
// deadline, so that its outcome is written before it is killed.
const deadlineMargin = 500 * time.Millisecond

// task is one delegation as the runner describes it.
type task struct {
	cardURL, message, caFile string
	creds                    credentials
	stopAt                   time.Time
}

// credentials granted; an empty field is not granted.
type credentials struct {
	oauthClientID, oauthClientSecret string
	bearerToken, apiKey              string
	clientCertFile, clientKeyFile    string
}

func readTask(getenv func(string) string, started time.Time) (task, error) {
	ms, err := strconv.Atoi(getenv(envDeadlineMS))
	if err != nil || ms <= 0 {
		return task{}, fmt.Errorf("a2a-go-adapter: %s is not a positive number: %q", envDeadlineMS, getenv(envDeadlineMS))
	}
	deadline := time.Duration(ms) * time.Millisecond
	t := task{
		cardURL: getenv(envCardURL),
		message: getenv(envMessage),
		caFile:  getenv(envCAFile),
		creds: credentials{
			oauthClientID: getenv(envOAuthClientID), oauthClientSecret: getenv(envOAuthSecret),
			bearerToken: getenv(envBearerToken), apiKey: getenv(envAPIKey),
			clientCertFile: getenv(envClientCertFile), clientKeyFile: getenv(envClientKeyFile),
		},
		stopAt: started.Add(max(deadline-deadlineMargin, deadline/2)),
	}
	for name, v := range map[string]string{envCardURL: t.cardURL, envMessage: t.message} {
		if v == "" {
			return task{}, fmt.Errorf("a2a-go-adapter: %s is not set", name)
		}
	}
	return t, nil
}
