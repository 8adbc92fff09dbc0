package mockpeer

import "time"

// Rotation triggers. Every function here but Arm, arm and Disarm runs
// with p.mu held.

// Arm puts a one-shot rotation to card version to on the harness's
// schedule rather than the client's. It fires right after the peer's next
// card response (200 or 304: the response itself still carries the version
// it was made from) or, if a task-creating request (a SendMessage or
// SendStreamingMessage) comes first, right before that request is judged:
// the send is admitted or refused under version to, opens the grace window
// like any rotation, and is journaled with CardVersion to. A client that
// never fetches the card, or hard-codes the endpoint, still meets the
// change. A request the protocol layer rejects before judging it
// (malformed, wrong A2A-Version) does not fire it.
//
// Arming again replaces a rotation not yet fired; Disarm and Reset
// disarm.
func (p *Peer) Arm(to int) error { return p.arm(to, false) }

// arm puts the rotation to card version to on the schedule, fired by the
// next answer of the public card, or of the extended card if onExtended
// (ArmExtended), or by the next task-creating request.
func (p *Peer) arm(to int, onExtended bool) error {
	if err := p.checkVersion(to); err != nil {
		return err
	}
	p.mu.Lock()
	defer p.mu.Unlock()
	p.state.armed, p.state.armedOnExtended = to, onExtended
	return nil
}

// Disarm drops the rotation Arm or ArmExtended armed, if it has not
// fired: a change armed for a send the client never made does not meet a
// later task (scenarios.RotateTo disarms before it rotates).
func (p *Peer) Disarm() {
	p.mu.Lock()
	defer p.mu.Unlock()
	p.state.armed, p.state.armedOnExtended = -1, false
}

// fireArmedLocked fires the rotation Arm armed, if any.
func (p *Peer) fireArmedLocked() bool {
	if p.state.armed < 0 {
		return false
	}
	to := p.state.armed
	p.state.armed, p.state.armedOnExtended = -1, false
	p.switchLocked(to)
	return true
}

// fireLocked fires each armed rotation of kind whose trigger is met, in
// spec order. step is the script step entered (AtTaskStep only).
func (p *Peer) fireLocked(kind TriggerKind, step int) {
	for i, rot := range p.spec.Rotations {
		if p.state.fired[i] || rot.On.Kind != kind || !p.triggerMetLocked(rot.On, step) {
			continue
		}
		p.state.fired[i] = true
		p.switchLocked(rot.To)
	}
}

func (p *Peer) triggerMetLocked(t Trigger, step int) bool {
	n := max(t.N, 1)
	switch t.Kind {
	case AfterCardResponses:
		return p.state.cardResponses >= n
	case AfterSend:
		return p.state.sends >= n
	case AtTaskStep:
		return step == t.N
	}
	return false
}

// fireAdminLocked fires the first armed OnAdmin rotation; false if none.
func (p *Peer) fireAdminLocked() (to int, ok bool) {
	for i, rot := range p.spec.Rotations {
		if rot.On.Kind == OnAdmin && !p.state.fired[i] {
			p.state.fired[i] = true
			p.switchLocked(rot.To)
			return rot.To, true
		}
	}
	return 0, false
}

// switchLocked puts version to in force and opens a grace window for the
// credentials of the version it replaces.
func (p *Peer) switchLocked(to int) {
	if to == p.state.version {
		return
	}
	p.state.previous = p.state.version
	p.state.version = to
	p.state.graceLeft = p.spec.GraceRequests
	p.state.graceUntil = time.Time{}
	if w := p.spec.GraceWindow; w > 0 {
		p.state.graceUntil = p.farm.now().Add(w)
	}
	p.state.cardResponses = 0
}

// graceOpenLocked reports whether credentials of the replaced version still
// pass: a rotation happened, and neither its count nor its time bound ended.
func (p *Peer) graceOpenLocked() bool {
	s := &p.state
	return s.previous >= 0 && s.graceLeft != 0 &&
		(s.graceUntil.IsZero() || p.farm.now().Before(s.graceUntil))
}
