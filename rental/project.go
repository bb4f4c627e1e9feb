package rental

// ProjectID is the project_id of the rental's project folder (rental/supabase/config.toml).
// The server attaches the rental's Go parts (its site and page renderer, PayPal,
// admin-users, notifications, booking holds) only when the project it serves has this
// id: any other project, an empty folder included, gets the platform alone.
const ProjectID = "casarent"

// Serves reports whether the project served, of config.toml's project_id, is the rental's.
func Serves(projectID string) bool { return projectID == ProjectID }
