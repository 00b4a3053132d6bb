#ifndef VOICECMD_CPOCKETSPHINX_SHIM_H
#define VOICECMD_CPOCKETSPHINX_SHIM_H

#include <pocketsphinx.h>
#include <sphinxbase/err.h>
#include <sphinxbase/cmd_ln.h>
#include <sphinxbase/fsg_model.h>
#include <sphinxbase/ngram_model.h>
#include <sphinxbase/fe.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

// PocketSphinx reports why a call failed only in its log, through a variadic
// callback Swift cannot implement. This one keeps the last error of the
// calling thread (the thread that made the failing call) so the Swift check
// can put it in its message, and passes the log to stderr when asked.
//
// Its state lives in the function: Swift emits the header functions it
// calls, not file-level variables or helpers only C calls. Level ERR_MAX is
// not a log level but a request: with a format, whether to pass the log to
// stderr ("stderr" or "quiet"); without one, copy the last error into
// `user_data` (512 bytes, unless NULL) and forget it.
static void voicecmd_log(void *user_data, err_lvl_t level, const char *format, ...) {
    static _Thread_local char last[512];
    static int to_stderr = 0;
    va_list arguments;
    if (level == ERR_MAX) {
        if (format) {
            to_stderr = strcmp(format, "stderr") == 0;
        } else {
            if (user_data) snprintf((char *)user_data, 512, "%s", last);
            last[0] = '\0';
        }
        return;
    }
    if (level >= ERR_ERROR) {
        va_start(arguments, format);
        vsnprintf(last, sizeof last, format, arguments);
        va_end(arguments);
    }
    // A fatal error ends the process inside the library (exit): said
    // always, or voicecmd would end with nothing on stderr.
    if (to_stderr || level == ERR_FATAL) {
        // A message may quote a damaged file's bytes: anything but printable
        // ASCII and line ends is written as \xHH, so it cannot drive the terminal.
        char message[1024];
        va_start(arguments, format);
        vsnprintf(message, sizeof message, format, arguments);
        va_end(arguments);
        for (const unsigned char *c = (const unsigned char *)message; *c; c++) {
            if ((*c >= 0x20 && *c < 0x7F) || *c == '\n') fputc(*c, stderr);
            else fprintf(stderr, "\\x%02X", *c);
        }
    }
    // Ended here, the one message said (err_msg makes one call), without
    // exit's tear-down of other libraries' static state under threads still
    // using it: ONNX Runtime setting up on another core crashed on it.
    if (level == ERR_FATAL) {
        fflush(stdout);
        fflush(stderr);
        _exit(EXIT_FAILURE);
    }
}

static inline void voicecmd_capture_log(int to_stderr) {
    voicecmd_log(NULL, ERR_MAX, to_stderr ? "stderr" : "quiet");
    err_set_callback(voicecmd_log, NULL);
}

/// The calling thread's last logged error ("" when none) into `out` (512
/// bytes), and forgets it.
static inline void voicecmd_take_last_error(char *out) {
    voicecmd_log(out, ERR_MAX, NULL);
}

/// Forgets the calling thread's last logged error, before a checked call
/// (cheaper than taking it: 100,000 names added make as many calls).
static inline void voicecmd_forget_last_error(void) {
    voicecmd_log(NULL, ERR_MAX, NULL);
}

#endif
