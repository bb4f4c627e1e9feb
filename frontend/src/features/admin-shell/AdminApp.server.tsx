// The server renders public pages only (src/ssr/render.tsx): the back office
// stays out of the server bundle.
export default function AdminApp() {
  return null;
}
