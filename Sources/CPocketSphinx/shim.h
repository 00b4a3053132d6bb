#ifndef VOICECMD_CPOCKETSPHINX_SHIM_H
#define VOICECMD_CPOCKETSPHINX_SHIM_H

#include <pocketsphinx.h>
#include <sphinxbase/err.h>
#include <sphinxbase/cmd_ln.h>
#include <sphinxbase/fsg_model.h>

#endif
