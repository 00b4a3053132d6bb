#ifndef VOICECMD_CAUDIO_SHIM_H
#define VOICECMD_CAUDIO_SHIM_H

// libsndfile reads audio files in every format Debian's build supports;
// libsamplerate converts any rate to the recogniser's 16 kHz.
#include <sndfile.h>
#include <samplerate.h>

#endif
