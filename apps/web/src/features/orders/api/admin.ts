import type {
  AdminOffer,
  adminOffersResponse,
  AdminOrdersData,
  adminOrdersResponse,
  auditLogResponse,
  AuditRecord,
  UpdateOfferBody,
  updateOfferResponse,
} from '@lingxi/shared';
import { apiClient, type Answer } from '@/lib/api-client';

export interface AdminOrderFilters {
  phone?: string;
  service_type?: string;
  from?: string;
  to?: string;
}

/** The operator's orders and revenue (admins only; the server answers 403 to anyone else). */
export async function getAdminOrders(page: number, pageSize: number, f: AdminOrderFilters, signal?: AbortSignal): Promise<AdminOrdersData> {
  const res = await apiClient.get<Answer<typeof adminOrdersResponse>>('/admin/orders', {
    params: {
      page,
      page_size: pageSize,
      phone: f.phone?.trim() || undefined,
      service_type: f.service_type || undefined,
      from: f.from || undefined,
      to: f.to || undefined,
    },
    signal,
  });
  return res.data;
}

export async function getAdminOffers(signal?: AbortSignal): Promise<AdminOffer[]> {
  const res = await apiClient.get<Answer<typeof adminOffersResponse>>('/admin/service-offers', { signal });
  return res.data;
}

export async function updateOffer(key: string, body: UpdateOfferBody): Promise<AdminOffer> {
  const res = await apiClient.put<Answer<typeof updateOfferResponse>>(`/admin/service-offers/${encodeURIComponent(key)}`, body);
  return res.data;
}

export async function getAuditLog(
  page: number,
  pageSize: number,
  signal?: AbortSignal,
): Promise<{ records: AuditRecord[]; total: number }> {
  const res = await apiClient.get<Answer<typeof auditLogResponse>>('/admin/audit-log', { params: { page, page_size: pageSize }, signal });
  return res.data;
}
