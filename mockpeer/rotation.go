package mockpeer

// Rotation triggers. Every function here runs with p.mu held.

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
	p.state.cardResponses = 0
}
