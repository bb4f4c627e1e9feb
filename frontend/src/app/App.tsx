import { QueryClientProvider } from "@tanstack/react-query";
import { lazy, Suspense, useState } from "react";
import { BrowserRouter, Route, Routes } from "react-router";
import HomePage from "../features/home/HomePage";
import { Layout } from "./Layout";
import { LanguageProvider } from "../lib/LanguageProvider";
import { createQueryClient } from "../lib/query";

// Every page but the home page is its own chunk; the admin area (issue 8) too,
// so public visitors never download it.
const VehiclesPage = lazy(() => import("../features/cars/VehiclesPage"));
const CarDetailPage = lazy(() => import("../features/cars/CarDetailPage"));
const BookingPage = lazy(() => import("../features/booking/BookingPage"));
const BookingSuccessPage = lazy(() => import("../features/booking/BookingSuccessPage"));
const BookingCancelledPage = lazy(() => import("../features/booking/BookingCancelledPage"));
const BlogListPage = lazy(() => import("../features/blog/BlogListPage"));
const BlogPostPage = lazy(() => import("../features/blog/BlogPostPage"));
const ContactPage = lazy(() => import("../features/contact/ContactPage"));
const AgencyPage = lazy(() => import("../features/pages/AgencyPage"));
const WhyUsPage = lazy(() => import("../features/pages/WhyUsPage"));
const ShortTermPage = lazy(() => import("../features/pages/ServicePage").then((m) => ({ default: m.ShortTermPage })));
const LongTermPage = lazy(() => import("../features/pages/ServicePage").then((m) => ({ default: m.LongTermPage })));
const TermsPage = lazy(() => import("../features/legal/LegalPages").then((m) => ({ default: m.TermsPage })));
const PrivacyPage = lazy(() => import("../features/legal/LegalPages").then((m) => ({ default: m.PrivacyPage })));
const LegalNoticePage = lazy(() => import("../features/legal/LegalPages").then((m) => ({ default: m.LegalNoticePage })));
const NotFoundPage = lazy(() => import("../features/pages/NotFoundPage"));
const AdminApp = lazy(() => import("../features/admin/AdminApp"));

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
