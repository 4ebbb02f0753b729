import type { BaziChartData, BaziRequest } from '@lingxi/shared';
import { create } from 'zustand';

/** A saved chart's identity beside its result: the id the URL names, its name, and the request it was cast from. */
export interface SavedChartRef {
  id: string;
  name: string | null;
  input: BaziRequest | null;
}

interface BaziState {
  result: BaziChartData | null;
  saved: SavedChartRef | null;
  loading: boolean;
  error: string | null;
  setResult: (result: BaziChartData, saved?: SavedChartRef | null) => void;
  setLoading: (loading: boolean) => void;
  setError: (error: string | null) => void;
  clear: () => void;
}

/** Spec §4 Bazi state: a result clears the error, clearing drops both; loading and error can be set. */
export const useBaziStore = create<BaziState>()((set) => ({
  result: null,
  saved: null,
  loading: false,
  error: null,
  setResult: (result, saved = null) => set({ result, saved, error: null }),
  setLoading: (loading) => set({ loading }),
  setError: (error) => set({ error }),
  clear: () => set({ result: null, saved: null, error: null }),
}));
