// A stand-in for frontend/dist/ssr/render.js with the same contract (see ssr.go).
var CasaRentSSR = (function () {
  var warmed = 0, renders = 0;
  function lang(input) { return input.lang; }
  return {
    warm: function () { warmed++; },
    render: function (json) {
      var input = JSON.parse(json);
      if (input.path === "/loop") { for (;;) {} }
      if (input.path === "/throw") throw new Error("boom");
      setTimeout(function () { throw new Error("timers never fire"); }, 0);
      new MessageChannel().port2.postMessage(null);
      renders++;
      var html = "<main>" + __sanitizeHTML(input.data.html || "") + "</main>" +
        "<p>" + warmed + " " + new TextEncoder().encode("é").length + " " + renders + "</p>";
      var l = lang(input);
      return JSON.stringify({ html: html, lang: l, dir: l === "ar" ? "rtl" : "ltr" });
    },
  };
})();
