package rental

import (
	"errors"
	"fmt"
	"io/fs"
	"path/filepath"

	"github.com/BurntSushi/toml"
)

// ProjectID is the project_id of the rental's project folder (rental/supabase/config.toml).
// The server attaches the rental's Go parts (its site and page renderer, PayPal,
// admin-users, notifications, booking holds) only when the project it serves has this
// id: any other project, an empty folder included, gets the platform alone.
const ProjectID = "casarent"

// Serves reports whether the project in projectDir is the rental's.
func Serves(projectDir string) (bool, error) {
	path := filepath.Join(projectDir, "supabase", "config.toml")
	var head struct {
		ProjectID string `toml:"project_id"`
	}
	_, err := toml.DecodeFile(path, &head)
	if errors.Is(err, fs.ErrNotExist) {
		return false, nil
	}
	if err != nil {
		return false, fmt.Errorf("%s: %w", path, err)
	}
	return head.ProjectID == ProjectID, nil
}
