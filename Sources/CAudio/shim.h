#ifndef VOICECMD_CAUDIO_SHIM_H
#define VOICECMD_CAUDIO_SHIM_H

// libsndfile reads audio files in every format Debian's build supports;
// libsamplerate converts any rate to the recogniser's 16 kHz; PulseAudio's
// simple API records from a microphone, and its full API lists the sources.
#include <sndfile.h>
#include <samplerate.h>
#include <pulse/simple.h>
#include <pulse/error.h>
#include <pulse/pulseaudio.h>

#endif
