// The part of sherpa-onnx's C API (version 2.0.1, pinned by
// scripts/install-vad) that voicecmd's voice gate calls: a voice-activity
// detector running Silero's model. Nothing is linked: the library is
// loaded at run time with dlopen, so these are the layouts of its
// configuration and the types of the functions looked up in it. A
// different version of the library may lay them out differently, which is
// why the set-up step pins the exact wheel.
#ifndef VOICECMD_VOICE_ACTIVITY_H
#define VOICECMD_VOICE_ACTIVITY_H

#include <stdint.h>

// Settings of one model family (Silero's, and the same shape for TEN's).
typedef struct {
    const char *model;
    float threshold;
    float min_silence_duration;
    float min_speech_duration;
    int32_t window_size;
    float max_speech_duration;
} voicecmd_vad_model_settings;

typedef struct {
    voicecmd_vad_model_settings silero_vad;
    int32_t sample_rate;
    int32_t num_threads;
    const char *provider;
    int32_t debug;
    voicecmd_vad_model_settings ten_vad;
} voicecmd_vad_config;

typedef struct voicecmd_vad voicecmd_vad;

typedef const voicecmd_vad *(*voicecmd_vad_create_fn)(const voicecmd_vad_config *config, float buffer_seconds);
typedef void (*voicecmd_vad_destroy_fn)(const voicecmd_vad *detector);
typedef void (*voicecmd_vad_accept_fn)(const voicecmd_vad *detector, const float *samples, int32_t count);
typedef int32_t (*voicecmd_vad_detected_fn)(const voicecmd_vad *detector);
typedef void (*voicecmd_vad_clear_fn)(const voicecmd_vad *detector);
typedef const char *(*voicecmd_vad_version_fn)(void);

#endif
