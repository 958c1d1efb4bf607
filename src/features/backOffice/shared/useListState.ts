import { useState } from 'react';

/** A list's page, its filter (a new filter starts again at page 1) and the row opened beside it. */
export function useListState<Filter>(initialFilter: Filter) {
  const [page, setPage] = useState(1);
  const [filter, setFilterState] = useState(initialFilter);
  const [openId, setOpenId] = useState<string | null>(null);
  const setFilter = (next: Filter) => {
    setFilterState(next);
    setPage(1);
    setOpenId(null);
  };
  return { page, setPage, filter, setFilter, openId, setOpenId };
}
