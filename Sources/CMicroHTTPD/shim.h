#ifndef LISTS_CMICROHTTPD_SHIM_H
#define LISTS_CMICROHTTPD_SHIM_H

#include <stdint.h>
#include <sys/socket.h>
#include <microhttpd.h>

/// MHD_start_daemon is variadic, which Swift cannot call: this takes the options as an array ending with
/// MHD_OPTION_END (MHD_OPTION_ARRAY) instead. No default port (0; the address comes as MHD_OPTION_SOCK_ADDR).
static inline struct MHD_Daemon *lists_mhd_start_daemon(
    unsigned int flags, MHD_AcceptPolicyCallback accept_policy, void *accept_policy_cls,
    MHD_AccessHandlerCallback handler, void *handler_cls, struct MHD_OptionItem *options) {
    return MHD_start_daemon(
        flags, 0, accept_policy, accept_policy_cls, handler, handler_cls, MHD_OPTION_ARRAY, options, MHD_OPTION_END);
}

/// The option item for MHD_OPTION_NOTIFY_CONNECTION (a connection opened or closed), its function pointer in the
/// integer `value` field as for MHD_OPTION_NOTIFY_COMPLETED below.
static inline struct MHD_OptionItem lists_mhd_notify_connection_option(
    MHD_NotifyConnectionCallback callback, void *callback_cls) {
    struct MHD_OptionItem item = {MHD_OPTION_NOTIFY_CONNECTION, (intptr_t)callback, callback_cls};
    return item;
}

/// The connection's socket, or -1 when unknown. MHD_get_connection_info is variadic.
static inline int lists_mhd_connection_socket(struct MHD_Connection *connection) {
    const union MHD_ConnectionInfo *info = MHD_get_connection_info(connection, MHD_CONNECTION_INFO_CONNECTION_FD);
    return info == NULL ? -1 : info->connect_fd;
}

/// What the application keeps for the connection (the `socket_context` of MHD_OPTION_NOTIFY_CONNECTION), or NULL.
static inline void *lists_mhd_connection_context(struct MHD_Connection *connection) {
    const union MHD_ConnectionInfo *info = MHD_get_connection_info(connection, MHD_CONNECTION_INFO_SOCKET_CONTEXT);
    return info == NULL ? NULL : info->socket_context;
}

/// The option item for MHD_OPTION_NOTIFY_COMPLETED: in an option array the function pointer travels in the
/// integer `value` field, which Swift cannot convert a C function pointer to.
static inline struct MHD_OptionItem lists_mhd_notify_completed_option(
    MHD_RequestCompletedCallback callback, void *callback_cls) {
    struct MHD_OptionItem item = {MHD_OPTION_NOTIFY_COMPLETED, (intptr_t)callback, callback_cls};
    return item;
}

/// The port the daemon listens on (the one the kernel chose when asked for port 0), or 0 when unknown.
/// MHD_get_daemon_info is variadic.
static inline uint16_t lists_mhd_bound_port(struct MHD_Daemon *daemon) {
    const union MHD_DaemonInfo *info = MHD_get_daemon_info(daemon, MHD_DAEMON_INFO_BIND_PORT);
    return info == NULL ? 0 : info->port;
}

/// The client's address, or NULL when unknown. MHD_get_connection_info is variadic.
static inline const struct sockaddr *lists_mhd_client_address(struct MHD_Connection *connection) {
    const union MHD_ConnectionInfo *info = MHD_get_connection_info(connection, MHD_CONNECTION_INFO_CLIENT_ADDRESS);
    return info == NULL ? NULL : info->client_addr;
}

#endif
