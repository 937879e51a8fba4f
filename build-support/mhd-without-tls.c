/*
 * Stand-ins for the GnuTLS symbols that Debian's libmicrohttpd.a refers to, for the fully static release
 * build only (the Makefile's `build` target compiles this file and links it into the static executable;
 * debug and test builds link the shared libmicrohttpd, which brings the real GnuTLS, and never see it).
 *
 * Why: Debian builds libmicrohttpd with HTTPS support, so its static archive needs GnuTLS, and a static
 * GnuTLS cannot be linked here (Debian ships no static p11-kit or libunistring). Lists serves plain HTTP only:
 * TLS belongs to a reverse proxy in front of it, and ListsServer never passes MHD_USE_TLS (nor any
 * MHD_OPTION_HTTPS_* option). Without that flag libmicrohttpd's only calls into GnuTLS are
 * gnutls_global_init and gnutls_global_deinit, from its library constructor and destructor (MHD_init and
 * MHD_fini); every other GnuTLS call sits behind a check of MHD_USE_TLS on the daemon or its connection.
 *
 * So: the two global calls succeed and do nothing, and every other symbol aborts, loudly, should a future
 * change ever reach it (for example by turning TLS on): a crash is better than a server that pretends to
 * speak TLS. The list is exactly `nm -u libmicrohttpd.a | grep gnutls_` for libmicrohttpd 0.9.75 (37
 * symbols); a newer libmicrohttpd that needs another one fails the static link, naming it.
 *
 * The real prototypes are not needed: C symbols carry no types, and none of these is ever called with
 * arguments that would matter (the aborting ones are never called at all).
 */

#include <stddef.h>
#include <stdlib.h>

/* libmicrohttpd's constructor calls this; without TLS there is nothing to set up. 0 is GNUTLS_E_SUCCESS. */
int gnutls_global_init(void) {
    return 0;
}

/* libmicrohttpd's destructor calls this; nothing was set up. */
void gnutls_global_deinit(void) {
}

/* Reached only by a daemon started with MHD_USE_TLS, which Lists never starts: see the comment at the top. */
static void *never_malloc(size_t size) {
    (void)size;
    abort();
}

/* gnutls_malloc is a variable in GnuTLS (a pointer to its allocator), not a function. */
void *(*gnutls_malloc)(size_t) = never_malloc;

/* Each of these is reached only by a daemon started with MHD_USE_TLS, which Lists never starts. */
#define NEVER_WITHOUT_TLS(name) \
    void name(void) { \
        abort(); \
    }

NEVER_WITHOUT_TLS(gnutls_alpn_set_protocols)
NEVER_WITHOUT_TLS(gnutls_bye)
NEVER_WITHOUT_TLS(gnutls_certificate_allocate_credentials)
NEVER_WITHOUT_TLS(gnutls_certificate_free_credentials)
NEVER_WITHOUT_TLS(gnutls_certificate_server_set_request)
NEVER_WITHOUT_TLS(gnutls_certificate_set_dh_params)
NEVER_WITHOUT_TLS(gnutls_certificate_set_retrieve_function2)
NEVER_WITHOUT_TLS(gnutls_certificate_set_retrieve_function3)
NEVER_WITHOUT_TLS(gnutls_certificate_set_x509_key_mem)
NEVER_WITHOUT_TLS(gnutls_certificate_set_x509_key_mem2)
NEVER_WITHOUT_TLS(gnutls_certificate_set_x509_trust_mem)
NEVER_WITHOUT_TLS(gnutls_cipher_get)
NEVER_WITHOUT_TLS(gnutls_credentials_set)
NEVER_WITHOUT_TLS(gnutls_deinit)
NEVER_WITHOUT_TLS(gnutls_dh_params_deinit)
NEVER_WITHOUT_TLS(gnutls_dh_params_import_pkcs3)
NEVER_WITHOUT_TLS(gnutls_dh_params_init)
NEVER_WITHOUT_TLS(gnutls_handshake)
NEVER_WITHOUT_TLS(gnutls_init)
NEVER_WITHOUT_TLS(gnutls_priority_deinit)
NEVER_WITHOUT_TLS(gnutls_priority_init)
NEVER_WITHOUT_TLS(gnutls_priority_set)
NEVER_WITHOUT_TLS(gnutls_protocol_get_version)
NEVER_WITHOUT_TLS(gnutls_psk_allocate_server_credentials)
NEVER_WITHOUT_TLS(gnutls_psk_free_server_credentials)
NEVER_WITHOUT_TLS(gnutls_psk_set_server_credentials_function)
NEVER_WITHOUT_TLS(gnutls_record_check_pending)
NEVER_WITHOUT_TLS(gnutls_record_get_direction)
NEVER_WITHOUT_TLS(gnutls_record_recv)
NEVER_WITHOUT_TLS(gnutls_record_send)
NEVER_WITHOUT_TLS(gnutls_session_get_ptr)
NEVER_WITHOUT_TLS(gnutls_session_set_ptr)
NEVER_WITHOUT_TLS(gnutls_strerror)
NEVER_WITHOUT_TLS(gnutls_transport_set_int2)
