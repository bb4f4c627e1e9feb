import { QueryClientProvider } from "@tanstack/react-query";
import { lazy, Suspense, useState, type ComponentType } from "react";
import { BrowserRouter, Route, Routes } from "react-router";
import i18n from "../lib/i18n";
import HomePage from "../features/home/HomePage";
import { Layout } from "./Layout";
import { LanguageProvider } from "../lib/LanguageProvider";
import { createQueryClient } from "../lib/query";

// Every page but the home page is its own chunk; the admin area too,
// so public visitors never download it.

/** A lazy page, loaded with the string namespaces it reads. */
function page(load: () => Promise<{ default: ComponentType }>, namespaces: string[] = []) {
  return lazy(() => Promise.all([load(), i18n.loadNamespaces(["pages", ...namespaces])]).then(([m]) => m));
}

const VehiclesPage = page(() => import("../features/cars/VehiclesPage"));
const CarDetailPage = page(() => import("../features/cars/CarDetailPage"));
const BookingPage = page(() => import("../features/booking/BookingPage"));
const BookingSuccessPage = page(() => import("../features/booking/BookingSuccessPage"));
const BookingCancelledPage = page(() => import("../features/booking/BookingCancelledPage"));
const BlogListPage = page(() => import("../features/blog/BlogListPage"));
const BlogPostPage = page(() => import("../features/blog/BlogPostPage"));
const ContactPage = page(() => import("../features/contact/ContactPage"));
const AgencyPage = page(() => import("../features/pages/AgencyPage"));
const WhyUsPage = page(() => import("../features/pages/WhyUsPage"));
const ShortTermPage = page(() => import("../features/pages/ServicePage").then((m) => ({ default: m.ShortTermPage })));
const LongTermPage = page(() => import("../features/pages/ServicePage").then((m) => ({ default: m.LongTermPage })));
const TermsPage = page(() => import("../features/legal/LegalPages").then((m) => ({ default: m.TermsPage })), ["legal"]);
const PrivacyPage = page(() => import("../features/legal/LegalPages").then((m) => ({ default: m.PrivacyPage })), ["legal"]);
const LegalNoticePage = page(() => import("../features/legal/LegalPages").then((m) => ({ default: m.LegalNoticePage })), ["legal"]);
const MyBookingPage = page(() => import("../features/mybooking/MyBookingPage"));
const ReviewPage = page(() => import("../features/reviews/ReviewPage"));
const NotFoundPage = page(() => import("../features/pages/NotFoundPage"));
const AdminApp = lazy(() => Promise.all([import("../features/admin-shell/AdminApp"), i18n.loadNamespaces("pages")]).then(([m]) => m));

export function App() {
  // One cache for the whole site, the back office included (lib/query.ts).
  const [queryClient] = useState(createQueryClient);
  return (
    <QueryClientProvider client={queryClient}>
      <LanguageProvider>
        <BrowserRouter>
          <SiteRoutes />
        </BrowserRouter>
      </LanguageProvider>
    </QueryClientProvider>
  );
}

/** The site's routes, under the browser's router or the server's (src/ssr/render.tsx). */
export function SiteRoutes() {
  return (
    <Routes>
      <Route
        path="/admin/*"
        element={
          <Suspense fallback={null}>
            <AdminApp />
          </Suspense>
        }
      />
      <Route element={<Layout />}>
        <Route index element={<HomePage />} />
        <Route path="vehicles" element={<VehiclesPage />} />
        <Route path="cars/:slug" element={<CarDetailPage />} />
        <Route path="booking/:slug" element={<BookingPage />} />
        <Route path="booking-success" element={<BookingSuccessPage />} />
        <Route path="booking-cancelled" element={<BookingCancelledPage />} />
        <Route path="my-booking" element={<MyBookingPage />} />
        <Route path="review" element={<ReviewPage />} />
        <Route path="blog" element={<BlogListPage />} />
        <Route path="blog/:slug" element={<BlogPostPage />} />
        <Route path="contact" element={<ContactPage />} />
        <Route path="notre-agence" element={<AgencyPage />} />
        <Route path="pourquoi-nous" element={<WhyUsPage />} />
        <Route path="location-courte-duree" element={<ShortTermPage />} />
        <Route path="location-longue-duree" element={<LongTermPage />} />
        <Route path="conditions-de-location" element={<TermsPage />} />
        <Route path="confidentialite" element={<PrivacyPage />} />
        <Route path="mentions-legales" element={<LegalNoticePage />} />
        <Route path="*" element={<NotFoundPage />} />
      </Route>
    </Routes>
  );
}
