package main

import (
	"encoding/json"
	"errors"
	"fmt"
	"io/fs"
	"os"
	"path/filepath"

	"github.com/a2a-conform/a2a-conform/mockpeer"
	"github.com/a2a-conform/a2a-conform/runner/driver"
	"github.com/a2a-conform/a2a-conform/scenarios"
)

// farmIndex is what --index writes once every peer serves: everything a
// client (or a script launching clients) needs to use the farm. It holds
// the credentials, so it is written with mode 0600; it never holds the
// admin secret, which only the operator's terminal is shown: a client
// under test handed the index must not be able to drive the farm.
type farmIndex struct {
	CAFile   string `json:"caFile,omitempty"`
	AdminURL string `json:"adminURL"`
	// Scenarios holds, per scenario ID, what its copies' clients are told.
	Scenarios map[string]indexScenario `json:"scenarios"`
	Peers     []indexPeer              `json:"peers"`
}

type indexScenario struct {
	Title   string `json:"title"`
	Skill   string `json:"skill"`
	Message string `json:"message"`
	// Credentials are the driver contract's variables the scenario grants
	// (A2A_CONFORM_OAUTH_CLIENT_ID, ...), the same for every copy.
	Credentials map[string]string `json:"credentials,omitempty"`
}

// indexPeer is one copy of a scenario: the card URL its client is given,
// and the origin of each of its peers by farm peer name (the name the
// admin API's ?peer= takes).
type indexPeer struct {
	Name     string            `json:"name"`
	Scenario string            `json:"scenario"`
	CardURL  string            `json:"cardURL"`
	Origins  map[string]string `json:"origins"`
}

func newFarmIndex(farm *mockpeer.Farm, copies []farmCopy) farmIndex {
	idx := farmIndex{CAFile: farm.CAFile(), AdminURL: farm.AdminURL(), Scenarios: map[string]indexScenario{}}
	for _, c := range copies {
		if _, ok := idx.Scenarios[c.sc.ID]; !ok {
			idx.Scenarios[c.sc.ID] = describeScenario(farm, c.sc)
		}
		p := indexPeer{Name: c.name, Scenario: c.sc.ID, CardURL: farm.Peer(c.cardPeer()).CardURL(), Origins: map[string]string{}}
		for _, name := range c.peers {
			p.Origins[name] = farm.Peer(name).Origin()
		}
		idx.Peers = append(idx.Peers, p)
	}
	return idx
}

func describeScenario(farm *mockpeer.Farm, sc *scenarios.Scenario) indexScenario {
	c := farm.Credentials(sc.Grants)
	creds := map[string]string{}
	for k, v := range map[string]string{
		driver.EnvOAuthClientID: c.OAuthClientID, driver.EnvOAuthSecret: c.OAuthClientSecret,
		driver.EnvBearerToken: c.BearerToken, driver.EnvAPIKey: c.APIKey,
		driver.EnvClientCertFile: c.ClientCertFile, driver.EnvClientKeyFile: c.ClientKeyFile,
	} {
		if v != "" {
			creds[k] = v
		}
	}
	return indexScenario{Title: sc.Title, Skill: sc.Skill, Message: sc.Message, Credentials: creds}
}

// write puts the index at path atomically (a reader never sees half of
// it), mode 0600. A link is written through, and anything but a regular
// file refused: the rename would replace a device such as /dev/null.
func (idx farmIndex) write(path string) error {
	raw, err := json.MarshalIndent(idx, "", "  ")
	if err != nil {
		return fmt.Errorf("farm: index: %w", err)
	}
	if path, err = indexTarget(path); err != nil {
		return err
	}
	tmp, err := os.CreateTemp(filepath.Dir(path), ".farm-index-*")
	if err != nil {
		return fmt.Errorf("farm: index: %w", err)
	}
	defer os.Remove(tmp.Name()) // gone after the rename; left only on failure
	if _, err := tmp.Write(append(raw, '\n')); err != nil {
		tmp.Close()
		return fmt.Errorf("farm: write index %s: %w", path, err)
	}
	if err := tmp.Close(); err != nil {
		return fmt.Errorf("farm: write index %s: %w", path, err)
	}
	if err := os.Rename(tmp.Name(), path); err != nil {
		return fmt.Errorf("farm: write index %s: %w", path, err)
	}
	return nil
}

// indexTarget is the file the index replaces: path, or the file a link at
// path leads to. It must be a regular file, or not exist yet.
func indexTarget(path string) (string, error) {
	target, err := filepath.EvalSymlinks(path)
	if errors.Is(err, fs.ErrNotExist) {
		return path, nil
	}
	if err != nil {
		return "", fmt.Errorf("farm: --index %s: %w", path, err)
	}
	fi, err := os.Stat(target)
	if err != nil {
		return "", fmt.Errorf("farm: --index %s: %w", path, err)
	}
	if !fi.Mode().IsRegular() {
		return "", fmt.Errorf("farm: --index %s is not a regular file (%s); the index replaces the file it is written to", path, fi.Mode().Type())
	}
	return target, nil
}
