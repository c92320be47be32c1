// Package main is a small adk-go pipeline for `templating lint` to read: a writer drafts, a
// critic reviews the draft, and an editor applies the critique.
package main

import (
	"context"
	_ "embed"
	"fmt"
	"log"

	"google.golang.org/adk/v2/agent"
	"google.golang.org/adk/v2/agent/llmagent"
	"google.golang.org/adk/v2/agent/workflowagents/sequentialagent"
	"google.golang.org/adk/v2/session"
)

// The draft is a temp: key: adk-go hands it to the later siblings of the same run.
const draftKey = "temp:post_draft"

//go:embed prompts/critic.md
var criticPrompt string

func main() {
	writer, err := llmagent.New(llmagent.Config{
		Name:        "writer",
		Instruction: "Write a short post about {post_subject} for {user:readers}.",
		OutputKey:   draftKey,
	})
	if err != nil {
		log.Fatal(err)
	}
	critic, err := llmagent.New(llmagent.Config{
		Name:        "critic",
		Instruction: criticPrompt,
		OutputKey:   "post_feedback",
	})
	if err != nil {
		log.Fatal(err)
	}
	editor, err := llmagent.New(llmagent.Config{
		Name:        "editor",
		Instruction: fmt.Sprintf("Apply {post_feedback} to {%s}. Keep the {{voice}}.", draftKey),
	})
	if err != nil {
		log.Fatal(err)
	}
	pipeline, err := sequentialagent.New(sequentialagent.Config{
		AgentConfig: agent.Config{Name: "blog", SubAgents: []agent.Agent{writer, critic, editor}},
	})
	if err != nil {
		log.Fatal(err)
	}
	_ = pipeline

	state := map[string]any{"post_subject": "tide pools"}
	state["user:readers"] = "children"
	sessions := session.InMemoryService()
	if _, err := sessions.Create(context.Background(), &session.CreateRequest{
		AppName: "blog", UserID: "ann", State: state,
	}); err != nil {
		log.Fatal(err)
	}
}
