import { endpointId } from "@matchdesk/contract";
import { ENDPOINTS } from "@matchdesk/contract/endpoints";
import { describe, expect, it } from "vitest";
import { accessArea } from "./access-what";

describe("accessArea", () => {
  it("names a part of the client's data for every audited route", () => {
    const unnamed = ENDPOINTS.filter((def) => def.audit)
      .map(endpointId)
      .filter((id) => accessArea(id) === "other");
    expect(unnamed).toEqual([]);
  });

  it("tells the parts apart", () => {
    const of = (method: string, path: string) => accessArea(`${method} ${path}`);
    expect(of("GET", "/api/clients/:id")).toBe("account");
    expect(of("PUT", "/api/clients/:id/status")).toBe("account");
    expect(of("GET", "/api/profiles/:id")).toBe("profile");
    expect(of("PUT", "/api/profiles/:id/gallery/main")).toBe("photos");
    expect(of("DELETE", "/api/profiles/:id/certificates/file")).toBe("certificates");
    expect(of("GET", "/api/introductions/:id/contacts")).toBe("contacts");
    expect(of("POST", "/api/introductions/:id/:action")).toBe("introductions");
    expect(of("GET", "/api/clients/:id/export")).toBe("export");
    expect(of("GET", "/api/clients/export")).toBe("csvExport");
    expect(of("POST", "/api/clients/import")).toBe("csvImport");
    expect(of("GET", "/api/public/profiles/:id")).toBe("publicProfile");
    expect(of("POST", "/api/public/profiles/:id/access")).toBe("publicProfile");
    expect(of("GET", "/api/files/:folder/:name")).toBe("certificates");
    expect(of("GET", "/api/clients")).toBe("lists");
    expect(of("GET", "/api/introductions")).toBe("lists");
    expect(of("GET", "/api/search/profiles")).toBe("lists");
    expect(of("GET", "/api/packages/overview")).toBe("lists");
    expect(of("GET", "/api/clients/:id/candidates")).toBe("candidates");
    expect(of("GET", "/api/unknown")).toBe("other");
  });
});
