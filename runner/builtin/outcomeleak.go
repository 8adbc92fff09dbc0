package builtin

import (
	"context"
	"encoding/base64"
	"fmt"
	"strings"

	"github.com/a2a-conform/a2a-conform/runner/driver"
	"github.com/a2a-conform/a2a-conform/runner/refclient"
)

// outcomeLeak is adversarial (gallery.go): the reference, doing every
// task as the reference does, that writes its credential (its bearer
// token, or its OAuth client secret) into the outcome it reports, in every
// field a client writes across its tasks, spelled several ways: odd tasks
// report the token itself as the outcome, and base64 of it as the detail;
// even tasks keep their outcome but give the token percent-encoded as the
// reason, base64 of its gzip as the task id and JSON-escaped as the
// detail. A report must judge each outcome as what it was (an outcome that
// is a token is no outcome of the contract) and show the token nowhere.
func outcomeLeak() task {
	var rc *refclient.Client
	return func(ctx context.Context, a driver.Assignment) driver.Outcome {
		if rc == nil {
			var err error
			cfg := refclient.Config{CardURL: a.CardURL, Skill: a.Skill, CAFile: a.CAFile, Credentials: a.Credentials}
			if rc, err = refclient.New(cfg); err != nil {
				return refclient.OutcomeOf(refclient.Result{}, err)
			}
		}
		out := rc.Do(ctx, a)
		cred := strings.TrimPrefix(leakedCredential(a.Credentials), "Bearer ")
		if cred == "" {
			return out
		}
		if max(a.Task, 1)%2 == 1 {
			out.Outcome = driver.OutcomeKind(cred)
			out.Detail = base64.StdEncoding.EncodeToString([]byte("token " + cred))
			return out
		}
		var pct, js strings.Builder
		for i := 0; i < len(cred); i++ {
			fmt.Fprintf(&pct, "%%%02X", cred[i])
			fmt.Fprintf(&js, `\u%04x`, cred[i])
		}
		out.Reason = driver.Reason(pct.String())
		out.TaskID = base64.RawURLEncoding.EncodeToString(gzipped([]byte(cred)))
		out.Detail = js.String()
		return out
	}
}
