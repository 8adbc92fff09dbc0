package mockpeer

import (
	"net/http"
	"testing"

	"github.com/a2a-conform/a2a-conform/a2a/wire"
	"github.com/a2a-conform/a2a-conform/mockpeer/journal"
)

// threeVersions are open cards whose contracts differ: each declares
// (without requiring) another scheme.
func threeVersions() []CardFunc {
	return []CardFunc{
		testCard("A", withStreaming()),
		testCard("A", withStreaming(), withVersion("2"), withSecurity(bearerScheme)),
		testCard("A", withStreaming(), withVersion("3"), withSecurity(mtlsScheme)),
	}
}

func TestRotationAfterCardResponses(t *testing.T) {
	f, p := onePeer(t, PeerSpec{
		Cards: threeVersions(),
		Rotations: []Rotation{
			{On: Trigger{Kind: AfterCardResponses, N: 1}, To: 1},
			// Counting starts again with each version: the 2nd response of v1.
			{On: Trigger{Kind: AfterCardResponses, N: 2}, To: 2},
		},
	})
	c := httpsClient(t, f, false)
	var served []string
	for range 4 {
		_, body := do(t, c, http.MethodGet, p.CardURL(), "", nil)
		served = append(served, string(body))
	}
	want := []int{0, 1, 1, 2}
	for i, v := range want {
		if served[i] != string(p.CardBytes(v)) {
			t.Errorf("card response %d was not version %d", i+1, v)
		}
	}
	var versions []int
	for _, e := range f.Journal().Select(func(e journal.Exchange) bool { return e.Route == journal.RouteCard }) {
		versions = append(versions, e.CardVersion)
	}
	if len(versions) != 4 || versions[0] != 0 || versions[1] != 1 || versions[2] != 1 || versions[3] != 2 {
		t.Errorf("journaled card versions %v, want %v", versions, want)
	}
}

func TestRotationAfterCardResponsesCountsNotModified(t *testing.T) {
	f, p := onePeer(t, PeerSpec{
		Cards:     threeVersions(),
		Rotations: []Rotation{{On: Trigger{Kind: AfterCardResponses, N: 2}, To: 1}},
	})
	c := httpsClient(t, f, false)
	resp, _ := do(t, c, http.MethodGet, p.CardURL(), "", nil)
	resp, _ = do(t, c, http.MethodGet, p.CardURL(), "", map[string]string{"If-None-Match": resp.Header.Get("ETag")})
	if resp.StatusCode != http.StatusNotModified {
		t.Fatalf("revalidation: %d", resp.StatusCode)
	}
	if p.Version() != 1 {
		t.Errorf("version %d after a 200 and a 304, want 1", p.Version())
	}
}

func TestRotationAfterSend(t *testing.T) {
	f, p := onePeer(t, PeerSpec{
		Cards:     threeVersions(),
		Rotations: []Rotation{{On: Trigger{Kind: AfterSend, N: 2}, To: 2}},
	})
	c := httpsClient(t, f, false)
	rpc(t, c, p, wire.MethodSendMessage, sendParams("one", true), nil)
	if p.Version() != 0 {
		t.Fatalf("rotated after the first send")
	}
	rpc(t, c, p, wire.MethodSendMessage, sendParams("two", true), nil)
	if p.Version() != 2 {
		t.Fatalf("version %d after the second send, want 2", p.Version())
	}
	// The send that fired the rotation was made under version 0: the journal
	// must say so, or a check would blame the client for a later contract.
	if e := lastExchange(t, f, journal.RouteA2A); e.CardVersion != 0 || e.ContractHash != p.ContractHash(0) {
		t.Errorf("send journaled with version %d hash %s, want the version in force at arrival (0)", e.CardVersion, e.ContractHash)
	}
}

func TestRotationAtTaskStep(t *testing.T) {
	f, p := onePeer(t, PeerSpec{
		Cards:     threeVersions(),
		Rotations: []Rotation{{On: Trigger{Kind: AtTaskStep, N: 1}, To: 1}},
		Hooks:     Hooks{StepMetadata: AnnounceContractHash()},
		Task: TaskScript{Steps: []TaskStep{
			{State: wire.TaskStateSubmitted},
			{State: wire.TaskStateWorking},
			{State: wire.TaskStateCompleted},
		}},
	})
	if p.ContractHash(0) == p.ContractHash(1) {
		t.Fatal("test cards share a contract")
	}
	c := httpsClient(t, f, false)
	res, _ := rpc(t, c, p, wire.MethodSendMessage, sendParams("go", true), nil)
	task := sendTask(t, res)
	if p.Version() != 0 {
		t.Fatal("rotated at step 0")
	}
	res, _ = rpc(t, c, p, wire.MethodGetTask, map[string]any{"id": task.ID}, nil)
	task = decodeTask(t, res)
	if p.Version() != 1 {
		t.Fatalf("version %d after entering step 1, want 1", p.Version())
	}
	// The rotation fires before the step renders: it announces version 1.
	got := task.Status.Message.Metadata[FrozenContractExtension].(map[string]any)["contractHash"]
	if got != p.ContractHash(1) {
		t.Errorf("step 1 announces %v, want the hash of version 1", got)
	}
}

func TestRotationOnAdmin(t *testing.T) {
	f, p := onePeer(t, PeerSpec{
		Cards:     threeVersions(),
		Rotations: []Rotation{{On: Trigger{Kind: OnAdmin}, To: 2}},
	})
	c := httpsClient(t, f, false)
	for range 3 {
		do(t, c, http.MethodGet, p.CardURL(), "", nil)
	}
	if p.Version() != 0 {
		t.Fatal("OnAdmin rotation fired without an admin call")
	}
	resp, body := adminCall(t, f, http.MethodPost, AdminRotatePath)
	if resp.StatusCode != http.StatusOK || p.Version() != 2 {
		t.Fatalf("admin rotate: %d %s, version %d", resp.StatusCode, body, p.Version())
	}
	// Fired once: a second call has nothing left to fire.
	if resp, _ := adminCall(t, f, http.MethodPost, AdminRotatePath); resp.StatusCode != http.StatusConflict {
		t.Errorf("second admin rotate: %d, want 409", resp.StatusCode)
	}
}

func TestPeerRotate(t *testing.T) {
	_, p := onePeer(t, PeerSpec{Cards: threeVersions()})
	if err := p.Rotate(2); err != nil || p.Version() != 2 {
		t.Fatalf("Rotate(2): %v, version %d", err, p.Version())
	}
	for _, bad := range []int{-1, 3} {
		if err := p.Rotate(bad); err == nil {
			t.Errorf("Rotate(%d) succeeded", bad)
		}
	}
	if p.CardBytes(3) != nil || p.ContractHash(-1) != "" {
		t.Error("accessors answer for a version that does not exist")
	}
}
