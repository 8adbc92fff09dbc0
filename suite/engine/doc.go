// Package engine is a2a-conform's one verdict engine: it plays a scenario
// (its farm of mock peers and the client under test), judges every
// selected requirement over the evidence, applies the known failures and
// returns a report. Every selected requirement is an error until a check
// judged it, so a panic, a timeout or an interrupt can never end as a
// pass. It knows nothing of Ginkgo: the Ginkgo front (package suite), the
// command line and a vendor's plain `go test` all call it, as many times
// as they like in one process.
//
// # Glossary
//
// One name per idea, used the same way in code, reports and docs:
//
//   - card: an A2A Agent Card, as a peer serves it (a2a/wire.AgentCard).
//   - contract: the card fields that decide authorization and routing; the
//     contract projection is those fields as a JSON object, the contract
//     hash its SHA-256 over JCS (a2a/contract, docs/contract-model.md).
//   - capability fields: every other card field.
//   - peer: one scripted A2A agent on its own origin (mockpeer.Peer); a farm
//     is the peers of one scenario, started together (mockpeer.Farm).
//   - exchange: one request and its response as a peer saw them
//     (journal.Exchange); the journal is every exchange of a farm, in
//     arrival order.
//   - client: the A2A client under test (runner.Client); a session is the
//     client taking the tasks of one scenario in order (runner.Session), in
//     one-shot or session mode (driver.Mode).
//   - assignment: what the driver contract hands the client for one task
//     (driver.Assignment); task, in the driver contract, is one such unit
//     of work, and in A2A the task the peer creates (wire.Task).
//   - outcome: the one object a client reports per task (driver.Outcome),
//     with an outcome kind (driver.OutcomeKind) and a reason from a fixed
//     vocabulary (driver.Reason).
//   - scenario: one field failure reproduced by scripted peers
//     (scenarios.Scenario); the catalog is every scenario.
//   - requirement: one normative statement with an ID, a level (RFC 2119)
//     and a profile, judged by a check (scenarios.Requirement).
//   - evidence: what one play produced, as plain data: the journal, every
//     task's outcome, the cards served (scenarios.Evidence).
//   - judgement: a check's verdict with its want, got and cited exchanges
//     (verdict.Judgement, package scenarios/verdict); verdict: pass, fail,
//     not-applicable, skipped or error (verdict.Verdict). The engine is the
//     only place one is set or changed (rules.go).
//   - play: a scenario played and judged (Play); the report is the record
//     of a run (suite/report.Report).
//   - schedule: the run's scenarios being played, several at a time
//     (Options.Parallel), recorded in catalog order (Schedule).
//   - shard: one of N shares of a run's selection, played by its own run
//     (Options.Shard); MergeShards puts the shards' reports together and
//     concludes the whole run over them.
//   - positive control: a task of a scenario that a conformant client
//     completes, so that a client that aborts whatever happens fails.
package engine
