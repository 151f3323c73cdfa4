import type { ReactNode } from "react";
import { matchRoutes, Navigate, type RouteObject, useRoutes } from "react-router";
import { LogoutPage } from "../features/auth/LogoutPage";
import { LOGOUT_PATH } from "../features/auth/routing-rules";
import { withAppCatalog, withFullCatalog } from "../i18n/i18n";
import { type LazyPage, lazyPage } from "../lib/lazy-page";
import { AuthLayout } from "./AuthLayout";
import { PublicLayout } from "./PublicLayout";
import { RequireUser } from "./RequireUser";
import { RootLayout } from "./RootLayout";

// Every page is its own chunk, and so is the app's shell: the public site never loads it.
const AdminLayout = lazyPage(
  withAppCatalog(() => import("./AdminLayout")),
  "AdminLayout",
);
const LandingPage = lazyPage(() => import("../features/site/LandingPage"), "LandingPage");
const AboutPage = lazyPage(
  withFullCatalog(() => import("../features/site/AboutPage")),
  "AboutPage",
);
const FaqPage = lazyPage(
  withFullCatalog(() => import("../features/site/FaqPage")),
  "FaqPage",
);
const LegalPage = lazyPage(
  withFullCatalog(() => import("../features/site/LegalPage")),
  "LegalPage",
);
const AcademyPage = lazyPage(
  withFullCatalog(() => import("../features/site/AcademyPage")),
  "AcademyPage",
);
const PublicProfilePage = lazyPage(
  withFullCatalog(() => import("../features/public-profile/PublicProfilePage")),
  "PublicProfilePage",
);
const IntroductionAnswerPage = lazyPage(
  withFullCatalog(() => import("../features/introductions/IntroductionLinkPage")),
  "IntroductionAnswerPage",
);
const IntroductionFeedbackPage = lazyPage(
  withFullCatalog(() => import("../features/introductions/IntroductionLinkPage")),
  "IntroductionFeedbackPage",
);
const NotFoundPage = lazyPage(() => import("../features/site/NotFoundPage"), "NotFoundPage");
const LoginPage = lazyPage(
  withFullCatalog(() => import("../features/auth/LoginPage")),
  "LoginPage",
);
const DashboardPage = lazyPage(
  withAppCatalog(() => import("../features/dashboard/DashboardPage")),
  "DashboardPage",
);
const EmailSignInPage = lazyPage(
  withFullCatalog(() => import("../features/auth/EmailSignInPage")),
  "EmailSignInPage",
);
const EmailSignInErrorPage = lazyPage(
  withFullCatalog(() => import("../features/auth/EmailSignInErrorPage")),
  "EmailSignInErrorPage",
);
const OidcCallbackPage = lazyPage(
  withFullCatalog(() => import("../features/auth/OidcCallbackPage")),
  "OidcCallbackPage",
);
const RegisterPage = lazyPage(
  withFullCatalog(() => import("../features/invites/RegisterPage")),
  "RegisterPage",
);
const FocusLayout = lazyPage(
  withFullCatalog(() => import("./FocusLayout")),
  "FocusLayout",
);
const OnboardingPage = lazyPage(
  withFullCatalog(() => import("../features/onboarding/OnboardingPage")),
  "OnboardingPage",
);
const InvitePage = lazyPage(
  withFullCatalog(() => import("../features/invites/InvitePage")),
  "InvitePage",
);
const UsersPage = lazyPage(
  withFullCatalog(() => import("../features/admin/UsersPage")),
  "UsersPage",
);
const UsagePage = lazyPage(
  withFullCatalog(() => import("../features/credits/UsagePage")),
  "UsagePage",
);
const ChatsPage = lazyPage(
  withFullCatalog(() => import("../features/chat/ChatsPage")),
  "ChatsPage",
);
const CandidatesPage = lazyPage(
  withFullCatalog(() => import("../features/matching/CandidatesPage")),
  "CandidatesPage",
);
const MatchesPage = lazyPage(
  withFullCatalog(() => import("../features/matching/MatchesPage")),
  "MatchesPage",
);
const ValidityPage = lazyPage(
  withFullCatalog(() => import("../features/matching/ValidityPage")),
  "ValidityPage",
);
const AiAdvicePage = lazyPage(
  withFullCatalog(() => import("../features/matching/AiAdvicePage")),
  "AiAdvicePage",
);
const ClientsPage = lazyPage(
  withFullCatalog(() => import("../features/clients/ClientsPage")),
  "ClientsPage",
);
const ClientImportPage = lazyPage(
  withFullCatalog(() => import("../features/client-import/ClientImportPage")),
  "ClientImportPage",
);
const ClientDetailPage = lazyPage(
  withFullCatalog(() => import("../features/clients/ClientDetailPage")),
  "ClientDetailPage",
);
const ProfilePage = lazyPage(
  withFullCatalog(() => import("../features/marketplace/ProfilePage")),
  "ProfilePage",
);
const AgencyAdvancedPage = lazyPage(
  withFullCatalog(() => import("../features/marketplace/ProfilePage")),
  "AgencyAdvancedPage",
);
const IntegrationsPage = lazyPage(
  withFullCatalog(() => import("../features/integrations/IntegrationsPage")),
  "IntegrationsPage",
);
const DirectoryPage = lazyPage(
  withFullCatalog(() => import("../features/marketplace/DirectoryPage")),
  "DirectoryPage",
);
const QuizPage = lazyPage(
  withFullCatalog(() => import("../features/quiz/QuizPage")),
  "QuizPage",
);
const AgencyPage = lazyPage(
  withFullCatalog(() => import("../features/marketplace/AgencyPage")),
  "AgencyPage",
);
const ReviewsModerationPage = lazyPage(
  withFullCatalog(() => import("../features/marketplace/ReviewsModerationPage")),
  "ReviewsModerationPage",
);
const ApplyPage = lazyPage(
  withFullCatalog(() => import("../features/applications/ApplyPage")),
  "ApplyPage",
);
const ContactPage = lazyPage(
  withFullCatalog(() => import("../features/applications/ContactPage")),
  "ContactPage",
);
const InboxPage = lazyPage(
  withFullCatalog(() => import("../features/applications/InboxPage")),
  "InboxPage",
);
const EditProfilePage = lazyPage(
  withFullCatalog(() => import("../features/profile/EditProfilePage")),
  "EditProfilePage",
);

/** What a route keeps in `handle`: the chunks to fetch as soon as its URL is known. */
type RouteHandle = { preload: () => void };

type PageRoute = { element: ReactNode; handle: RouteHandle };

const withPreload = (...pages: Pick<LazyPage<never>, "preload">[]): RouteHandle => ({
  preload: () => {
    for (const page of pages) void page.preload();
  },
});

const page = (Page: LazyPage<object>): PageRoute => ({ element: <Page />, handle: withPreload(Page) });

const legalPage = (kind: "privacy" | "clientTerms" | "matcherTerms"): PageRoute => ({
  element: <LegalPage page={kind} />,
  handle: withPreload(LegalPage),
});

// Development only: `import.meta.env.DEV` is false in a production build, so Vite drops the chunk.
const devAdminRoutes: RouteObject[] = import.meta.env.DEV
  ? [
      {
        path: "debug/memory",
        ...page(
          lazyPage(
            withFullCatalog(() => import("../features/debug/MemoryPage")),
            "MemoryPage",
          ),
        ),
      },
    ]
  : [];

export const routes: RouteObject[] = [
  {
    element: <RootLayout />,
    children: [
      {
        element: <PublicLayout />,
        children: [
          { index: true, ...page(LandingPage) },
          { path: "about", ...page(AboutPage) },
          { path: "faq", ...page(FaqPage) },
          { path: "privacy", ...legalPage("privacy") },
          { path: "client-terms", ...legalPage("clientTerms") },
          { path: "matcher-terms", ...legalPage("matcherTerms") },
          { path: "academy", ...page(AcademyPage) },
          { path: "profile/:userId", ...page(PublicProfilePage) },
          { path: "directory", ...page(DirectoryPage) },
          { path: "agency/:idOrLogin", ...page(AgencyPage) },
          { path: "quiz", ...page(QuizPage) },
          { path: "apply", ...page(ApplyPage) },
          { path: "contact", ...page(ContactPage) },
          { path: "edit-profile/:userId", ...page(EditProfilePage) },
          { path: "introductions/:id/answer", ...page(IntroductionAnswerPage) },
          { path: "introductions/:id/feedback", ...page(IntroductionFeedbackPage) },
          {
            element: <AuthLayout />,
            children: [
              { path: "login", ...page(LoginPage) },
              { path: "auth/email", ...page(EmailSignInPage) },
              { path: "auth/email-error", ...page(EmailSignInErrorPage) },
              { path: "auth/callback", ...page(OidcCallbackPage) },
              { path: "app/register", ...page(RegisterPage) },
            ],
          },
          { path: "*", ...page(NotFoundPage) },
        ],
      },
      {
        // The app's shell: every /admin page, and a client's page at its own top-level path (SPEC 2).
        element: (
          <RequireUser>
            <AdminLayout />
          </RequireUser>
        ),
        handle: withPreload(AdminLayout),
        children: [
          {
            path: "admin",
            children: [
              { index: true, element: <Navigate to="/admin/dashboard" replace /> },
              { path: "dashboard", ...page(DashboardPage) },
              { path: "invited-users", ...page(ClientsPage) },
              { path: "clients/import", ...page(ClientImportPage) },
              { path: "profile", ...page(ProfilePage) },
              { path: "profile/advanced", ...page(AgencyAdvancedPage) },
              { path: "reviews", ...page(ReviewsModerationPage) },
              { path: "applications", ...page(InboxPage) },
              { path: "generate-invite", ...page(InvitePage) },
              { path: "users", ...page(UsersPage) },
              { path: "usage", ...page(UsagePage) },
              { path: "integrations", ...page(IntegrationsPage) },
              { path: "chats", ...page(ChatsPage) },
              { path: "candidates", ...page(CandidatesPage) },
              { path: "matches", ...page(MatchesPage) },
              { path: "matches/validity", ...page(ValidityPage) },
              { path: "ai-advice", ...page(AiAdvicePage) },
              ...devAdminRoutes,
              { path: "*", ...page(NotFoundPage) },
            ],
          },
          { path: "invited-users/:userId", ...page(ClientDetailPage) },
        ],
      },
      {
        path: "onboarding",
        element: (
          <RequireUser>
            <FocusLayout />
          </RequireUser>
        ),
        handle: withPreload(FocusLayout),
        children: [{ index: true, ...page(OnboardingPage) }],
      },
      { path: LOGOUT_PATH, element: <LogoutPage /> },
    ],
  },
];

export function AppRoutes() {
  return useRoutes(routes);
}

/** Starts the chunks of the pages a URL shows, so they load alongside the entry's other work. */
export function preloadRoute(pathname: string): void {
  for (const match of matchRoutes(routes, pathname) ?? []) {
    (match.route.handle as RouteHandle | undefined)?.preload();
  }
}
