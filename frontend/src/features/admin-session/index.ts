// Who is signed in: the session, the sign-in and second-factor steps, the security section. Other features use only what is exported here.
export { AdminSessionProvider } from "./AdminSessionProvider";
export { useAdminSession, useAdminUser } from "./context";
export { LoginPage } from "./login/LoginPage";
export { MfaStep } from "./login/MfaStep";
export { EnrolStep } from "./login/EnrolStep";
export { SecuritySection } from "./security/SecuritySection";
