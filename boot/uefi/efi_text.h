/* The captured stream as a firmware console takes it: each "\n" becomes
 * "\r\n" (EFI_SIMPLE_TEXT_OUTPUT_PROTOCOL and a raw serial line both need
 * the carriage return; a bare LF only moves down), in chunks that fit a
 * buffer and never split a "\r\n". Pure code, unit-tested on the host. */
#ifndef IDLEBENCH_BOOT_UEFI_EFI_TEXT_H
#define IDLEBENCH_BOOT_UEFI_EFI_TEXT_H

#include <stddef.h>
#include <stdint.h>

/* Convert from in[0..len) into out, cap units of unit_bytes each (1: bytes
 * for EFI_SERIAL_IO_PROTOCOL.Write, 2: CHAR16 for OutputString), with a
 * terminating 0 unit (cap counts it). A byte outside printable ASCII other
 * than \n and \t becomes '?' (the stream is ASCII; a console must not take
 * control bytes from it). Returns the units written before the 0 and sets
 * *used to the input bytes they came from; 0 only when len is 0 or cap < 3. */
size_t efi_text_crlf(const char *in, size_t len, size_t *used, void *out, size_t cap, unsigned unit_bytes);

#endif
