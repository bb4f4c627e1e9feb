// A stand-in for frontend/dist/ssr/render.js with the same contract (see ssr.go).
var CasaRentSSR = (function () {
  var warmed = 0, renders = 0;
  return {
    warm: function () { warmed++; },
    render: function (json) {
      var input = JSON.parse(json);
      if (input.path === "/loop") { for (;;) {} }
      if (input.path === "/throw") throw new Error("boom");
      setTimeout(function () { throw new Error("timers never fire"); }, 0);
      new MessageChannel().port2.postMessage(null);
      renders++;
      var d = input.data || {};
      var html = "<main>" + __sanitizeHTML(d.html || "") +
        (d.car ? "<h1>" + d.car.name + "</h1><p class=price>" + d.car.price + " DH</p>" : "") +
        (d.post ? "<h1>" + d.post.title + "</h1>" : "") +
        (d.fleet ? "<ul>" + d.fleet.map(function (c) { return "<li>" + c.name + "</li>"; }).join("") + "</ul>" : "") +
        "</main><p>" + warmed + " " + new TextEncoder().encode("é").length + " " + renders + " " + input.lang + " " + input.url + "</p>";
      var l = input.lang;
      return JSON.stringify({ html: html, lang: l, dir: l === "ar" ? "rtl" : "ltr" });
    },
  };
})();
