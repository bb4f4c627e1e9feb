// The calls the back office makes, made through
// supabase-js with a signed-in NON-administrator (and with no session at all),
// fail or change nothing. The database's row-level security and the admin-users
// function decide, not the UI. Each write is checked afterwards with the
// service key, so "no error but nothing happened" is told apart from success.
import type { SupabaseClient } from "@supabase/supabase-js";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { adminClient, client, freeCar, insertBooking, insertContact, isoDay, png, serviceClient, unique } from "./admin-helpers.ts";

let svc: SupabaseClient;
let user: SupabaseClient;
let anon: SupabaseClient;
let userId = "";
let carId = 0;
let bookingId = "";
let contactSubject = "";
let draftId = "";
let adminId = "";
let blockId = 0;

beforeAll(async () => {
  svc = serviceClient();
  const email = `${unique("rls-user")}@casarent.test`;
  const password = "rls-user-pass";
  const created = await svc.auth.admin.createUser({ email, password, email_confirm: true });
  if (created.error || !created.data.user) throw new Error(`user creation failed: ${created.error?.message}`);
  userId = created.data.user.id;
  user = await client();
  const signed = await user.auth.signInWithPassword({ email, password });
  if (signed.error) throw new Error(`user sign-in failed: ${signed.error.message}`);
  anon = await client();

  const slot = await freeCar(320);
  carId = slot.carId;
  bookingId = await insertBooking(anon, { ...slot, name: unique("RLS Client"), email: "rls@example.com" });
  contactSubject = unique("RLS sujet");
  await insertContact(anon, { name: "RLS", email: "rls@example.com", subject: contactSubject, message: "m" });
  const draft = await svc.from("blog_posts").insert({ title: unique("Brouillon RLS"), excerpt: "e", content: "<p>c</p>", status: "draft" }).select("id").single();
  draftId = draft.data!.id as string;
  const admin = await adminClient();
  adminId = (await admin.auth.getUser()).data.user!.id;
  const block = await svc.from("car_blocks").insert({ car_id: carId, start_date: isoDay(700), end_date: isoDay(701), reason: unique("RLS maintenance") }).select("id").single();
  if (block.error) throw new Error(`block insert failed: ${block.error.message}`);
  blockId = block.data.id as number;
});

afterAll(async () => {
  await svc.from("bookings").delete().eq("id", bookingId);
  await svc.from("contacts").delete().eq("subject", contactSubject);
  await svc.from("blog_posts").delete().eq("id", draftId);
  await svc.from("car_blocks").delete().eq("id", blockId);
});

/** Both callers: a signed-in user whose role is 'user', and an anonymous visitor. */
const callers = () =>
  [
    ["a signed-in non-admin", user],
    ["an anonymous visitor", anon],
  ] as const;

describe("a non-administrator cannot do what the back office does", () => {
  it("the user really is signed in, with role 'user'", async () => {
    const { data } = await user.from("profiles").select("id, role").eq("id", userId).single();
    expect(data).toEqual({ id: userId, role: "user" });
  });

  it("cannot add, edit, toggle or delete cars, nor their images", async () => {
    const before = (await svc.from("cars").select("*").eq("id", carId).single()).data;
    for (const [who, c] of callers()) {
      const ins = await c.from("cars").insert({ name: "Pirate", brand: "X", category: "SUV", price: 1, image: "x", seats: 5, transmission: "manual", fuel: "diesel", rating: 3 });
      expect(ins.error, who).not.toBeNull();
      const upd = await c.from("cars").update({ available: !before!.available, price: 1 }).eq("id", carId).select();
      expect(upd.error !== null || upd.data?.length === 0, who).toBe(true);
      const del = await c.from("cars").delete().eq("id", carId).select();
      expect(del.error !== null || del.data?.length === 0, who).toBe(true);
      const img = await c.from("car_images").insert({ car_id: carId, image_url: "x", display_order: 0 });
      expect(img.error, who).not.toBeNull();
      const imgDel = await c.from("car_images").delete().eq("car_id", carId).select();
      expect(imgDel.error !== null || imgDel.data?.length === 0, who).toBe(true);
    }
    const after = (await svc.from("cars").select("*").eq("id", carId).single()).data;
    expect(after).toEqual(before);
  });

  it("cannot upload to car-images or blog-images", async () => {
    const body = await png([1, 2, 3]);
    for (const [who, c] of callers()) {
      for (const bucket of ["car-images", "blog-images"]) {
        const name = `${unique("rls")}.png`;
        const up = await c.storage.from(bucket).upload(name, body, { contentType: "image/png" });
        expect(up.error, `${who} ${bucket}`).not.toBeNull();
        const listed = await svc.storage.from(bucket).list("", { search: name });
        expect(listed.data ?? [], `${who} ${bucket}`).toEqual([]);
      }
    }
  });

  it("cannot read drafts nor write blog posts", async () => {
    const before = (await svc.from("blog_posts").select("*").eq("id", draftId).single()).data;
    for (const [who, c] of callers()) {
      const read = await c.from("blog_posts").select("id").eq("id", draftId);
      expect(read.data ?? [], who).toEqual([]);
      const ins = await c.from("blog_posts").insert({ title: "Pirate", excerpt: "e", content: "c", status: "published" });
      expect(ins.error, who).not.toBeNull();
      const upd = await c.from("blog_posts").update({ status: "published" }).eq("id", draftId).select();
      expect(upd.error !== null || upd.data?.length === 0, who).toBe(true);
      const del = await c.from("blog_posts").delete().eq("id", draftId).select();
      expect(del.error !== null || del.data?.length === 0, who).toBe(true);
    }
    expect((await svc.from("blog_posts").select("*").eq("id", draftId).single()).data).toEqual(before);
  });

  it("cannot read, change or delete bookings, nor read the archive", async () => {
    const before = (await svc.from("bookings").select("*").eq("id", bookingId).single()).data;
    for (const [who, c] of callers()) {
      const read = await c.from("bookings").select("*, cars(name, brand, category)");
      expect(read.data ?? [], who).toEqual([]);
      const upd = await c.from("bookings").update({ status: "confirmed", notes: "pirate" }).eq("id", bookingId).select();
      expect(upd.error !== null || upd.data?.length === 0, who).toBe(true);
      const del = await c.from("bookings").delete().eq("id", bookingId).select();
      expect(del.error !== null || del.data?.length === 0, who).toBe(true);
      const archive = await c.from("deleted_bookings").select("*");
      expect(archive.data ?? [], who).toEqual([]);
    }
    expect((await svc.from("bookings").select("*").eq("id", bookingId).single()).data).toEqual(before);
    const archived = await svc.from("deleted_bookings").select("id").eq("original_booking_id", bookingId);
    expect(archived.data).toEqual([]);
  });

  it("cannot search bookings by phone nor list the customers (Clients screen)", async () => {
    for (const [who, c] of callers()) {
      const found = await c.rpc("admin_search_bookings", { p_query: "+212600112233" });
      expect(found.data ?? [], who).toEqual([]);
      const customers = await c.rpc("admin_customers");
      expect(customers.data ?? [], who).toEqual([]);
    }
    // The same calls answer the administrator (insertBooking's phone, written another way).
    const admin = await adminClient();
    expect((await admin.rpc("admin_search_bookings", { p_query: "0600112233" })).data).toContain(bookingId);
    const customers = (await admin.rpc("admin_customers")).data as { email: string; booking_count: number }[];
    expect(customers.some((c) => c.email === "rls@example.com" && c.booking_count >= 1)).toBe(true);
  });

  it("cannot read, add, move or delete maintenance blocks, nor read or change the reservation settings", async () => {
    const before = (await svc.from("car_blocks").select("*").eq("id", blockId).single()).data;
    const settings = (await svc.from("reservation_settings").select("*").single()).data;
    for (const [who, c] of callers()) {
      expect((await c.from("car_blocks").select("*")).data ?? [], who).toEqual([]);
      const ins = await c.from("car_blocks").insert({ car_id: carId, start_date: isoDay(710), end_date: isoDay(711), reason: "pirate" });
      expect(ins.error, who).not.toBeNull();
      const upd = await c.from("car_blocks").update({ reason: "pirate", end_date: isoDay(720) }).eq("id", blockId).select();
      expect(upd.error !== null || upd.data?.length === 0, who).toBe(true);
      const del = await c.from("car_blocks").delete().eq("id", blockId).select();
      expect(del.error !== null || del.data?.length === 0, who).toBe(true);
      expect((await c.from("reservation_settings").select("*")).data ?? [], who).toEqual([]);
      const set = await c.from("reservation_settings").update({ request_hold: "1 second" }).not("request_hold", "is", null).select();
      expect(set.error !== null || set.data?.length === 0, who).toBe(true);
    }
    expect((await svc.from("car_blocks").select("*").eq("id", blockId).single()).data).toEqual(before);
    expect((await svc.from("car_blocks").select("id").eq("reason", "pirate")).data).toEqual([]);
    expect((await svc.from("reservation_settings").select("*").single()).data).toEqual(settings);
  });

  it("cannot read the dashboard's clicks, nor read, move or delete messages", async () => {
    for (const [who, c] of callers()) {
      expect((await c.from("whatsapp_clicks").select("*")).data ?? [], who).toEqual([]);
      expect((await c.from("contacts").select("*")).data ?? [], who).toEqual([]);
      const upd = await c.from("contacts").update({ status: "archived", updated_at: new Date().toISOString() }).eq("subject", contactSubject).select();
      expect(upd.error !== null || upd.data?.length === 0, who).toBe(true);
      const del = await c.from("contacts").delete().eq("subject", contactSubject).select();
      expect(del.error !== null || del.data?.length === 0, who).toBe(true);
    }
    const { data } = await svc.from("contacts").select("status").eq("subject", contactSubject);
    expect(data).toEqual([{ status: "new" }]);
  });

  it("cannot make itself administrator nor see or change other profiles", async () => {
    const self = await user.from("profiles").update({ role: "admin" }).eq("id", userId).select();
    expect(self.error).not.toBeNull();
    const others = await user.from("profiles").select("id").neq("id", userId);
    expect(others.data).toEqual([]);
    const admins = await user.from("profiles").select("id").eq("role", "admin");
    expect(admins.data).toEqual([]);
    const revoke = await user.from("profiles").update({ role: "user" }).eq("id", adminId).select();
    expect(revoke.error !== null || revoke.data?.length === 0).toBe(true);
    const del = await user.from("profiles").delete().eq("id", adminId).select();
    expect(del.error !== null || del.data?.length === 0).toBe(true);
    const roles = await svc.from("profiles").select("id, role").in("id", [userId, adminId]).order("role");
    expect(roles.data).toEqual([
      { id: adminId, role: "admin" },
      { id: userId, role: "user" },
    ]);
  });

  it("is refused by the admin-users function for every action", async () => {
    const bodies = [
      { action: "list" },
      { action: "create", email: `${unique("pirate")}@casarent.test`, password: "pirate-123", firstName: "P", lastName: "R" },
      { action: "revoke", userId: adminId },
      { action: "delete", userId: adminId },
    ];
    for (const [who, c] of callers()) {
      for (const body of bodies) {
        const { data, error } = await c.functions.invoke("admin-users", { body });
        expect(data, `${who} ${body.action}`).toBeNull();
        expect(error, `${who} ${body.action}`).not.toBeNull();
        const status = (error as { context?: Response }).context?.status;
        expect([401, 403], `${who} ${body.action}`).toContain(status);
      }
    }
    // Nothing happened: the administrator is still one, the pirate was not made.
    const roles = await svc.from("profiles").select("role").eq("id", adminId).single();
    expect(roles.data).toEqual({ role: "admin" });
    const pirates = await svc.from("profiles").select("id").like("email", "pirate-%");
    expect(pirates.data).toEqual([]);
  });

  it("while the administrator's own session does all of it (the same calls are not broken)", async () => {
    const admin = await adminClient();
    expect((await admin.from("bookings").select("id").eq("id", bookingId)).data).toEqual([{ id: bookingId }]);
    expect((await admin.from("blog_posts").select("id").eq("id", draftId)).data).toEqual([{ id: draftId }]);
    expect((await admin.from("contacts").select("status").eq("subject", contactSubject)).data).toEqual([{ status: "new" }]);
    expect((await admin.from("car_blocks").select("id").eq("id", blockId)).data).toEqual([{ id: blockId }]);
    const list = await admin.functions.invoke<{ admins: { id: string }[] }>("admin-users", { body: { action: "list" } });
    expect(list.error).toBeNull();
    expect(list.data!.admins.map((a) => a.id)).toContain(adminId);
  });
});
