import { describe, expect, it } from "vitest";
import { countMessages, filterMessages, messageActions, messageStatus, type AdminMessage } from "./messageFlow";

const m = (status: string | null, id = status ?? "none"): AdminMessage => ({
  id, name: "n", email: "e@x.ma", phone: null, subject: "s", message: "m", status, created_at: "", updated_at: "",
});

describe("contact message flow (SPEC 4)", () => {
  it("counts a missing status as new", () => {
    expect(messageStatus(m(null))).toBe("new");
  });
  it("offers read only for new, replied for new or read, archive unless archived", () => {
    expect(messageActions("new")).toEqual({ markRead: true, markReplied: true, archive: true });
    expect(messageActions("read")).toEqual({ markRead: false, markReplied: true, archive: true });
    expect(messageActions("replied")).toEqual({ markRead: false, markReplied: false, archive: true });
    expect(messageActions("archived")).toEqual({ markRead: false, markReplied: false, archive: false });
  });
  it("counts and filters by status", () => {
    const list = [m("new", "1"), m(null, "2"), m("read", "3"), m("archived", "4")];
    expect(countMessages(list)).toEqual({ all: 4, new: 2, read: 1, replied: 0, archived: 1 });
    expect(filterMessages(list, "new").map((x) => x.id)).toEqual(["1", "2"]);
    expect(filterMessages(list, "all")).toHaveLength(4);
  });
});
