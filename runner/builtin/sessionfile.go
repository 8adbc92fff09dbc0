package builtin

import (
	"encoding/json"
	"errors"
	"fmt"
	"io/fs"
	"os"
	"path/filepath"

	"github.com/a2a-conform/a2a-conform/runner/refclient"
)

// sessionFile is a JSON value a built-in client keeps in the session's
// state directory (driver.Assignment.StateDir), so that in one-shot mode
// too what it remembers is the session's, not each process's. With no
// state directory the value lives in memory only.
type sessionFile struct {
	client string // the client's name, for its errors
	path   string // "" without a state directory
}

// openSessionFile reads the value named name from dir into v, leaving v as
// it is when there is no directory or no file yet.
func openSessionFile(client, dir, name string, v any) (sessionFile, error) {
	f := sessionFile{client: client}
	if dir == "" {
		return f, nil
	}
	f.path = filepath.Join(dir, name)
	raw, err := os.ReadFile(f.path)
	switch {
	case errors.Is(err, fs.ErrNotExist):
		return f, nil
	case err != nil:
		return f, fmt.Errorf("builtin: %s: %w: %w", client, refclient.ErrConfig, err)
	}
	if err := json.Unmarshal(raw, v); err != nil {
		return f, fmt.Errorf("builtin: %s: %w: %s: %w", client, refclient.ErrConfig, f.path, err)
	}
	return f, nil
}

// save writes v whole where the session's next process reads it: through a
// temporary file renamed over the old one, so a reader never sees half.
func (f sessionFile) save(v any) error {
	if f.path == "" {
		return nil
	}
	raw, err := json.Marshal(v)
	if err == nil {
		tmp := f.path + ".tmp"
		if err = os.WriteFile(tmp, raw, 0o600); err == nil {
			err = os.Rename(tmp, f.path)
		}
	}
	if err != nil {
		return fmt.Errorf("builtin: %s: %w: %w", f.client, refclient.ErrConfig, err)
	}
	return nil
}
