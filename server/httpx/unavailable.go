package httpx

// RetryAfterUnavailable is the Retry-After (seconds) of every 503 a surface
// answers while the database is unavailable: the outage is usually a restart of
// a few seconds, and the server dials again at most every two seconds while it
// lasts (server/database/dialgate.go), so clients that honour it come back soon without
// piling up.
const RetryAfterUnavailable = "1"
