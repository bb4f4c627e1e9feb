throw new Error("broken at import");
