package auth

import (
	"net/http"
	"strconv"
	"strings"

	"golang.org/x/crypto/bcrypt"
)

// maxPasswordBytes is bcrypt's limit; longer passwords would be silently truncated.
const maxPasswordBytes = 72

// passwordProblems returns the weak_password reasons of pw under the policy.
func (a *api) passwordProblems(pw string) (reasons []string, msg string) {
	var msgs []string
	if len([]rune(pw)) < a.cfg.PasswordMinLength {
		reasons = append(reasons, "length")
		msgs = append(msgs, "Password should be at least "+strconv.Itoa(a.cfg.PasswordMinLength)+" characters.")
	}
	if sets := a.requiredSets(); len(sets) > 0 {
		for _, set := range sets {
			if !strings.ContainsAny(pw, set) {
				reasons = append(reasons, "characters")
				msgs = append(msgs, "Password should contain at least one character of each: "+strings.Join(sets, ", ")+".")
				break
			}
		}
	}
	return reasons, strings.Join(msgs, " ")
}

func (a *api) requiredSets() []string {
	var sets []string
	for s := range strings.SplitSeq(a.cfg.PasswordRequiredCharacters, ":") {
		if s != "" {
			sets = append(sets, s)
		}
	}
	return sets
}

// checkPassword applies the policy: 400 when over bcrypt's limit, 422 weak_password
// with reasons when too weak.
func (a *api) checkPassword(pw string) error {
	if len(pw) > maxPasswordBytes {
		return validationFailed("Password cannot be longer than 72 characters")
	}
	reasons, msg := a.passwordProblems(pw)
	if len(reasons) > 0 {
		return &apiError{Status: http.StatusUnprocessableEntity, Code: "weak_password", Msg: msg,
			Extra: map[string]any{"weak_password": map[string]any{"reasons": reasons, "message": msg}}}
	}
	return nil
}

// checkedHash refuses a password the policy does not accept, else hashes it.
func (a *api) checkedHash(pw string) (string, error) {
	if err := a.checkPassword(pw); err != nil {
		return "", err
	}
	return a.hashPassword(pw)
}

func (a *api) hashPassword(pw string) (string, error) {
	h, err := bcrypt.GenerateFromPassword([]byte(pw), a.cfg.BcryptCost)
	if err != nil {
		return "", internalError("Error hashing password", err)
	}
	return string(h), nil
}

// comparePassword is bcrypt's comparison; an empty hash is compared against a
// dummy so an unknown user costs the same time as a wrong password.
func (a *api) comparePassword(hash, pw string) bool {
	if hash == "" {
		_ = bcrypt.CompareHashAndPassword(a.dummyHash, []byte(pw))
		return false
	}
	return bcrypt.CompareHashAndPassword([]byte(hash), []byte(pw)) == nil
}

func mustDummyHash(cost int) []byte {
	h, err := bcrypt.GenerateFromPassword([]byte("not a password: timing equaliser"), cost)
	if err != nil {
		panic(err)
	}
	return h
}
