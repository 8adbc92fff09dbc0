package refclient_test

import (
	"context"
	"fmt"
	"time"

	"github.com/a2a-conform/a2a-conform/runner/driver"
	"github.com/a2a-conform/a2a-conform/runner/refclient"
)

// Delegate one task to an agent, holding a bearer token.
func ExampleClient_Delegate() {
	c, err := refclient.New(refclient.Config{
		CardURL:     "https://agent.example.com/.well-known/agent-card.json",
		Skill:       "summarize",
		Credentials: driver.Credentials{BearerToken: "…"},
	})
	if err != nil {
		fmt.Println(err)
		return
	}
	defer c.Close()
	ctx, cancel := context.WithTimeout(context.Background(), time.Minute)
	defer cancel()
	res, err := c.Delegate(ctx, "Summarize the quarterly report")
	out := refclient.OutcomeOf(res, err)
	fmt.Println(out.Outcome, out.Reason, out.Detail)
}

// Step by step: the same decisions Delegate makes, with room for your own.
func ExampleClient_Open() {
	ctx := context.Background()
	c, err := refclient.New(refclient.Config{CardURL: "https://agent.example.com/.well-known/agent-card.json", Skill: "summarize"})
	if err != nil {
		return
	}
	defer c.Close()
	card, err := c.FetchCard(ctx)
	if err != nil {
		return
	}
	s, err := c.Open(ctx, card) // interface, origin gate, credentials
	if err != nil {
		return
	}
	fresh, err := c.Revalidate(ctx, card) // right before the send
	if err != nil {
		return // errors.Is(err, refclient.ErrContractChanged): do not send
	}
	if err := s.Adopt(fresh); err != nil {
		return
	}
	resp, err := s.Send(ctx, "Summarize the quarterly report")
	if err != nil || resp.Task == nil {
		return
	}
	task, err := s.Await(ctx, resp.Task) // frozen contract: no card fetch, no cancel
	fmt.Println(task.Status.State, err)
}
