import { keepPreviousData, queryOptions } from "@tanstack/react-query";
import {
  type BulkUsersInput,
  bulkUsers,
  deleteUser,
  type GiftInput,
  giftSubscription,
  listUsers,
  type UserUpdateInput,
  updateUser,
} from "#contract/admin-users";
import type { EndpointQueryInput } from "#contract/endpoint";
import { apiGet, apiSend } from "#web/lib/api.ts";
import { adminData } from "#web/lib/query-tags.ts";

/** The « Utilisateurs » tab through TanStack Query (one key root; spec §7 admin-users). */
export const adminUserKeys = {
  root: "admin-users",
  list: (query: object) => ["admin-users", "list", query] as const,
};

export type UserListQuery = EndpointQueryInput<typeof listUsers>;

export const userListOptions = (query: UserListQuery) =>
  queryOptions({
    queryKey: adminUserKeys.list(query),
    queryFn: ({ signal }) => apiGet(listUsers, { query, signal }),
    meta: adminData,
    placeholderData: keepPreviousData,
  });

export const patchUser = (id: string, body: UserUpdateInput) => apiSend(updateUser, { params: { id }, body });
export const removeUser = (id: string) => apiSend(deleteUser, { params: { id } });
export const postGift = (id: string, body: GiftInput) => apiSend(giftSubscription, { params: { id }, body });
export const postBulkUsers = (body: BulkUsersInput) => apiSend(bulkUsers, { body });
