// URL and URLSearchParams for the server render (react-router builds URLs; goja has
// neither), from core-js.
import "core-js/actual/url";
import "core-js/actual/url-search-params";
