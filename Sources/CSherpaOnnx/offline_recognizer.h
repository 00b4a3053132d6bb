// The part of sherpa-onnx's C API (version 2.0.1, pinned by
// scripts/install-vad) that runs a neural recogniser on one utterance
// (Moonshine, installed by scripts/install-asr). As for the voice gate,
// nothing is linked: these are the layouts of the configuration and result
// and the types of the functions looked up at run time. Model families
// voicecmd never configures are kept as zeroed space of their exact size;
// the assertions pin every offset voicecmd writes to the 2.0.1 header's.
#ifndef VOICECMD_OFFLINE_RECOGNIZER_H
#define VOICECMD_OFFLINE_RECOGNIZER_H

#include <stddef.h>
#include <stdint.h>

typedef struct {
    const char *preprocessor;
    const char *encoder;
    const char *uncached_decoder;
    const char *cached_decoder;
    const char *merged_decoder;
} voicecmd_moonshine_settings;

typedef struct {
    // transducer (3 paths), paraformer, NeMo CTC: 5 pointers.
    const char *unused_before_whisper[5];
    // whisper: 4 pointers and 3 int32 (48 bytes with padding).
    const char *unused_whisper_paths[4];
    int32_t unused_whisper_numbers[4];
    const char *unused_tdnn;
    const char *tokens;
    int32_t num_threads;
    int32_t debug;
    const char *provider;
    const char *model_type;
    const char *modeling_unit;
    const char *bpe_vocab;
    const char *telespeech_ctc;
    // SenseVoice: 2 pointers and an int32.
    const char *unused_sense_voice_paths[2];
    int64_t unused_sense_voice_number;
    voicecmd_moonshine_settings moonshine;
    // FireRedAsr, Dolphin, Zipformer CTC, Canary, WeNet CTC, Omnilingual,
    // MedASR, FunASR Nano, FireRedAsr CTC, Qwen3-ASR, Cohere: 288 bytes.
    int64_t unused_after_moonshine[36];
} voicecmd_offline_model_settings;

typedef struct {
    int32_t sample_rate;
    int32_t feature_dim;
    voicecmd_offline_model_settings model;
    // The optional language model: a path and a scale.
    const char *unused_lm_model;
    float unused_lm_scale;
    const char *decoding_method;
    int32_t max_active_paths;
    const char *hotwords_file;
    float hotwords_score;
    const char *rule_fsts;
    const char *rule_fars;
    float blank_penalty;
    // Homophone replacer (3 paths) and CTC FST decoder (a path, an int32).
    const char *unused_homophones[3];
    const char *unused_ctc_fst_graph;
    int32_t unused_ctc_fst_max_active;
} voicecmd_offline_recognizer_config;

_Static_assert(sizeof(voicecmd_offline_model_settings) == 504, "sherpa-onnx 2.0.1 SherpaOnnxOfflineModelConfig");
_Static_assert(sizeof(voicecmd_offline_recognizer_config) == 624, "sherpa-onnx 2.0.1 SherpaOnnxOfflineRecognizerConfig");
_Static_assert(offsetof(voicecmd_offline_recognizer_config, model.tokens) == 104, "tokens");
_Static_assert(offsetof(voicecmd_offline_recognizer_config, model.num_threads) == 112, "num_threads");
_Static_assert(offsetof(voicecmd_offline_recognizer_config, model.provider) == 120, "provider");
_Static_assert(offsetof(voicecmd_offline_recognizer_config, model.moonshine) == 184, "moonshine");
_Static_assert(offsetof(voicecmd_offline_recognizer_config, decoding_method) == 528, "decoding_method");

// The result's first member is its text; voicecmd reads nothing else.
typedef struct {
    const char *text;
} voicecmd_offline_result;

typedef struct voicecmd_offline_recognizer voicecmd_offline_recognizer;
typedef struct voicecmd_offline_stream voicecmd_offline_stream;

typedef const voicecmd_offline_recognizer *(*voicecmd_offline_create_fn)(const voicecmd_offline_recognizer_config *config);
typedef void (*voicecmd_offline_destroy_fn)(const voicecmd_offline_recognizer *recognizer);
typedef const voicecmd_offline_stream *(*voicecmd_offline_stream_create_fn)(const voicecmd_offline_recognizer *recognizer);
typedef void (*voicecmd_offline_stream_destroy_fn)(const voicecmd_offline_stream *stream);
typedef void (*voicecmd_offline_accept_fn)(const voicecmd_offline_stream *stream, int32_t sample_rate, const float *samples, int32_t count);
typedef void (*voicecmd_offline_decode_fn)(const voicecmd_offline_recognizer *recognizer, const voicecmd_offline_stream *stream);
typedef const voicecmd_offline_result *(*voicecmd_offline_result_fn)(const voicecmd_offline_stream *stream);
typedef void (*voicecmd_offline_result_destroy_fn)(const voicecmd_offline_result *result);

#endif
