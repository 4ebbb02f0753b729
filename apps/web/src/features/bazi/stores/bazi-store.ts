import type { BaziChartData } from '@lingxi/shared';
import { create } from 'zustand';

interface BaziState {
  result: BaziChartData | null;
  loading: boolean;
  error: string | null;
  setResult: (result: BaziChartData) => void;
  setLoading: (loading: boolean) => void;
  setError: (error: string | null) => void;
  clear: () => void;
}

/** Spec §4 Bazi state: a result clears the error, clearing drops both; loading and error can be set. */
export const useBaziStore = create<BaziState>()((set) => ({
  result: null,
  loading: false,
  error: null,
  setResult: (result) => set({ result, error: null }),
  setLoading: (loading) => set({ loading }),
  setError: (error) => set({ error }),
  clear: () => set({ result: null, error: null }),
}));
