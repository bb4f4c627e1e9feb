import { StrictMode, Suspense } from "react";
import { createRoot } from "react-dom/client";
import { App } from "./app/App";
import "./lib/i18n";
import "./styles/global.css";

const root = document.getElementById("root");
if (!root) throw new Error("missing #root");

// The first render waits for the visitor's language file (one small chunk).
createRoot(root).render(
  <StrictMode>
    <Suspense fallback={null}>
      <App />
    </Suspense>
  </StrictMode>,
);
