export { AdminSessionProvider } from "./AdminSessionProvider";
export { useAdminSession, useAdminUser } from "./context";
export { LoginPage } from "./login/LoginPage";
export { MfaStep } from "./login/MfaStep";
export { SecuritySection } from "./security/SecuritySection";
