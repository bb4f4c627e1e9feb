import { toast } from "../../../components/toast";

// Toasts of the back office (SPEC section 8's messages). Errors stay longer.
export const notify = {
  success: (message: string) => toast(message, "success", 4000),
  error: (message: string) => toast(message, "error", 8000),
  info: (message: string) => toast(message, "info", 5000),
};

/** A mutation's onError: the failure in the console under `logLabel`, the screen's message as a toast. */
export function reportFailure(logLabel: string, message: string) {
  return (err: unknown) => {
    console.error(logLabel, err);
    notify.error(message);
  };
}
