// Package guards holds the repository's own checks, run as Go tests over the
// whole tree (go test ./guards/): the packages keep their boundaries (the
// platform under server/ knows neither the surfaces, the product under rental/
// nor the command in cmd/), no import circle between the module's top-level
// folders, no function over the length limit, no tracker numbers in the text,
// every path and migration name a doc or comment cites exists, no two file names of one folder that differ only by case.
// Its one package of code, circles, finds the circles these checks look for.
package guards
