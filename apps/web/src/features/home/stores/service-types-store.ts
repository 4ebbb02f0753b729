import type { ServiceType } from '@lingxi/shared';
import { create } from 'zustand';
import { errorMessage } from '@/lib/api-client';
import { getServiceTypes } from '../api/get-service-types';

export const SERVICE_TYPES_FAILED = '获取服务类型失败';

interface ServiceTypesState {
  serviceTypes: ServiceType[];
  loading: boolean;
  error: string | null;
  fetchServiceTypes: () => Promise<void>;
}

/** Spec §4 service-types fetch: pending clears the error, success replaces the list, failure keeps a message. */
export const useServiceTypesStore = create<ServiceTypesState>()((set) => ({
  serviceTypes: [],
  loading: false,
  error: null,
  fetchServiceTypes: async () => {
    set({ loading: true, error: null });
    try {
      const serviceTypes = await getServiceTypes();
      set({ serviceTypes, loading: false });
    } catch (error) {
      set({ loading: false, error: errorMessage(error, SERVICE_TYPES_FAILED) });
    }
  },
}));
