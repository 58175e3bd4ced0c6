/*
 * ffmpeg_dl.h - FFmpeg, opened on first use (runtime/dl.h): the functions qpipe calls in
 * libavformat, libavcodec, libavutil, libswscale and libswresample, and their table.
 * Included by the files of io/ that call them, instead of the libraries' headers.
 */
#ifndef IO_FFMPEG_DL_H
#define IO_FFMPEG_DL_H

#include <libavformat/avformat.h>
#include <libavcodec/avcodec.h>
#include <libavutil/audio_fifo.h>
#include <libavutil/buffer.h>
#include <libavutil/channel_layout.h>
#include <libavutil/cpu.h>
#include <libavutil/dict.h>
#include <libavutil/display.h>
#include <libavutil/frame.h>
#include <libavutil/imgutils.h>
#include <libavutil/mathematics.h>
#include <libavutil/mem.h>
#include <libavutil/opt.h>
#include <libavutil/pixdesc.h>
#include <libswresample/swresample.h>
#include <libswscale/swscale.h>

#include "runtime/dl.h"

/* Every function qpipe calls in these libraries (dl.h), and its tests: av_color_*_name
 * (tests/unit/test_yuv.c), av_cpu_force_count (tests/fuzz/fuzz_video.c). */
#define IO_FFMPEG_FUNCS(X) \
    X(av_find_best_stream) \
    X(av_find_input_format) \
    X(av_get_frame_filename) \
    X(av_guess_codec) \
    X(av_guess_format) \
    X(av_interleaved_write_frame) \
    X(av_read_frame) \
    X(av_seek_frame) \
    X(av_stream_get_side_data) \
    X(av_write_trailer) \
    X(avformat_alloc_output_context2) \
    X(avformat_close_input) \
    X(avformat_find_stream_info) \
    X(avformat_free_context) \
    X(avformat_new_stream) \
    X(avformat_open_input) \
    X(avformat_query_codec) \
    X(avformat_write_header) \
    X(avio_closep) \
    X(avio_feof) \
    X(avio_open) \
    X(av_packet_alloc) \
    X(av_packet_free) \
    X(av_packet_move_ref) \
    X(av_packet_rescale_ts) \
    X(av_packet_unref) \
    X(avcodec_alloc_context3) \
    X(avcodec_descriptor_get_by_name) \
    X(avcodec_find_best_pix_fmt_of_list) \
    X(avcodec_find_decoder) \
    X(avcodec_find_encoder) \
    X(avcodec_find_encoder_by_name) \
    X(avcodec_flush_buffers) \
    X(avcodec_free_context) \
    X(avcodec_get_name) \
    X(avcodec_open2) \
    X(avcodec_parameters_copy) \
    X(avcodec_parameters_from_context) \
    X(avcodec_parameters_to_context) \
    X(avcodec_receive_frame) \
    X(avcodec_receive_packet) \
    X(avcodec_send_frame) \
    X(avcodec_send_packet) \
    X(av_display_rotation_get) \
    X(av_audio_fifo_alloc) \
    X(av_audio_fifo_free) \
    X(av_audio_fifo_read) \
    X(av_audio_fifo_size) \
    X(av_audio_fifo_write) \
    X(av_buffer_pool_get) \
    X(av_buffer_pool_init) \
    X(av_buffer_pool_uninit) \
    X(av_channel_layout_copy) \
    X(av_color_range_name) \
    X(av_color_space_name) \
    X(av_channel_layout_default) \
    X(av_compare_ts) \
    X(av_cpu_force_count) \
    X(av_d2q) \
    X(av_dict_copy) \
    X(av_dict_free) \
    X(av_dict_get) \
    X(av_dict_set) \
    X(av_frame_alloc) \
    X(av_frame_free) \
    X(av_frame_get_buffer) \
    X(av_frame_move_ref) \
    X(av_frame_unref) \
    X(av_free) \
    X(av_freep) \
    X(av_get_media_type_string) \
    X(av_get_pix_fmt) \
    X(av_get_pix_fmt_name) \
    X(av_image_fill_arrays) \
    X(av_image_get_buffer_size) \
    X(av_log_set_callback) \
    X(av_malloc) \
    X(av_mallocz) \
    X(av_opt_find) \
    X(av_opt_set) \
    X(av_opt_set_double) \
    X(av_opt_set_int) \
    X(av_pix_fmt_desc_get) \
    X(av_realloc_array) \
    X(av_rescale_q) \
    X(av_samples_alloc_array_and_samples) \
    X(av_strerror) \
    X(sws_freeContext) \
    X(sws_getCoefficients) \
    X(sws_getContext) \
    X(sws_scale) \
    X(sws_setColorspaceDetails) \
    X(swr_alloc_set_opts2) \
    X(swr_convert) \
    X(swr_free) \
    X(swr_get_out_samples) \
    X(swr_init)

enum { IO_FFMPEG_N = 0 IO_FFMPEG_FUNCS(RT_DL_COUNT) };
typedef union IoFfmpegApi {
    struct {
        IO_FFMPEG_FUNCS(RT_DL_FIELD)
    };
    void *slot[IO_FFMPEG_N];
} IoFfmpegApi;
_Static_assert(sizeof(IoFfmpegApi) == IO_FFMPEG_N * sizeof(void *), "one pointer per function");

extern RtDlFamily io_ffmpeg_dl;
#define IO_FFMPEG_FN(name) (((IoFfmpegApi *)rt_dl_table(&io_ffmpeg_dl))->name)

#define av_find_best_stream IO_FFMPEG_FN(av_find_best_stream)
#define av_find_input_format IO_FFMPEG_FN(av_find_input_format)
#define av_get_frame_filename IO_FFMPEG_FN(av_get_frame_filename)
#define av_guess_codec IO_FFMPEG_FN(av_guess_codec)
#define av_guess_format IO_FFMPEG_FN(av_guess_format)
#define av_interleaved_write_frame IO_FFMPEG_FN(av_interleaved_write_frame)
#define av_read_frame IO_FFMPEG_FN(av_read_frame)
#define av_seek_frame IO_FFMPEG_FN(av_seek_frame)
#define av_stream_get_side_data IO_FFMPEG_FN(av_stream_get_side_data)
#define av_write_trailer IO_FFMPEG_FN(av_write_trailer)
#define avformat_alloc_output_context2 IO_FFMPEG_FN(avformat_alloc_output_context2)
#define avformat_close_input IO_FFMPEG_FN(avformat_close_input)
#define avformat_find_stream_info IO_FFMPEG_FN(avformat_find_stream_info)
#define avformat_free_context IO_FFMPEG_FN(avformat_free_context)
#define avformat_new_stream IO_FFMPEG_FN(avformat_new_stream)
#define avformat_open_input IO_FFMPEG_FN(avformat_open_input)
#define avformat_query_codec IO_FFMPEG_FN(avformat_query_codec)
#define avformat_write_header IO_FFMPEG_FN(avformat_write_header)
#define avio_closep IO_FFMPEG_FN(avio_closep)
#define avio_feof IO_FFMPEG_FN(avio_feof)
#define avio_open IO_FFMPEG_FN(avio_open)
#define av_packet_alloc IO_FFMPEG_FN(av_packet_alloc)
#define av_packet_free IO_FFMPEG_FN(av_packet_free)
#define av_packet_move_ref IO_FFMPEG_FN(av_packet_move_ref)
#define av_packet_rescale_ts IO_FFMPEG_FN(av_packet_rescale_ts)
#define av_packet_unref IO_FFMPEG_FN(av_packet_unref)
#define avcodec_alloc_context3 IO_FFMPEG_FN(avcodec_alloc_context3)
#define avcodec_descriptor_get_by_name IO_FFMPEG_FN(avcodec_descriptor_get_by_name)
#define avcodec_find_best_pix_fmt_of_list IO_FFMPEG_FN(avcodec_find_best_pix_fmt_of_list)
#define avcodec_find_decoder IO_FFMPEG_FN(avcodec_find_decoder)
#define avcodec_find_encoder IO_FFMPEG_FN(avcodec_find_encoder)
#define avcodec_find_encoder_by_name IO_FFMPEG_FN(avcodec_find_encoder_by_name)
#define avcodec_flush_buffers IO_FFMPEG_FN(avcodec_flush_buffers)
#define avcodec_free_context IO_FFMPEG_FN(avcodec_free_context)
#define avcodec_get_name IO_FFMPEG_FN(avcodec_get_name)
#define avcodec_open2 IO_FFMPEG_FN(avcodec_open2)
#define avcodec_parameters_copy IO_FFMPEG_FN(avcodec_parameters_copy)
#define avcodec_parameters_from_context IO_FFMPEG_FN(avcodec_parameters_from_context)
#define avcodec_parameters_to_context IO_FFMPEG_FN(avcodec_parameters_to_context)
#define avcodec_receive_frame IO_FFMPEG_FN(avcodec_receive_frame)
#define avcodec_receive_packet IO_FFMPEG_FN(avcodec_receive_packet)
#define avcodec_send_frame IO_FFMPEG_FN(avcodec_send_frame)
#define avcodec_send_packet IO_FFMPEG_FN(avcodec_send_packet)
#define av_display_rotation_get IO_FFMPEG_FN(av_display_rotation_get)
#define av_audio_fifo_alloc IO_FFMPEG_FN(av_audio_fifo_alloc)
#define av_audio_fifo_free IO_FFMPEG_FN(av_audio_fifo_free)
#define av_audio_fifo_read IO_FFMPEG_FN(av_audio_fifo_read)
#define av_audio_fifo_size IO_FFMPEG_FN(av_audio_fifo_size)
#define av_audio_fifo_write IO_FFMPEG_FN(av_audio_fifo_write)
#define av_buffer_pool_get IO_FFMPEG_FN(av_buffer_pool_get)
#define av_buffer_pool_init IO_FFMPEG_FN(av_buffer_pool_init)
#define av_buffer_pool_uninit IO_FFMPEG_FN(av_buffer_pool_uninit)
#define av_channel_layout_copy IO_FFMPEG_FN(av_channel_layout_copy)
#define av_color_range_name IO_FFMPEG_FN(av_color_range_name)
#define av_color_space_name IO_FFMPEG_FN(av_color_space_name)
#define av_channel_layout_default IO_FFMPEG_FN(av_channel_layout_default)
#define av_compare_ts IO_FFMPEG_FN(av_compare_ts)
#define av_cpu_force_count IO_FFMPEG_FN(av_cpu_force_count)
#define av_d2q IO_FFMPEG_FN(av_d2q)
#define av_dict_copy IO_FFMPEG_FN(av_dict_copy)
#define av_dict_free IO_FFMPEG_FN(av_dict_free)
#define av_dict_get IO_FFMPEG_FN(av_dict_get)
#define av_dict_set IO_FFMPEG_FN(av_dict_set)
#define av_frame_alloc IO_FFMPEG_FN(av_frame_alloc)
#define av_frame_free IO_FFMPEG_FN(av_frame_free)
#define av_frame_get_buffer IO_FFMPEG_FN(av_frame_get_buffer)
#define av_frame_move_ref IO_FFMPEG_FN(av_frame_move_ref)
#define av_frame_unref IO_FFMPEG_FN(av_frame_unref)
#define av_free IO_FFMPEG_FN(av_free)
#define av_freep IO_FFMPEG_FN(av_freep)
#define av_get_media_type_string IO_FFMPEG_FN(av_get_media_type_string)
#define av_get_pix_fmt IO_FFMPEG_FN(av_get_pix_fmt)
#define av_get_pix_fmt_name IO_FFMPEG_FN(av_get_pix_fmt_name)
#define av_image_fill_arrays IO_FFMPEG_FN(av_image_fill_arrays)
#define av_image_get_buffer_size IO_FFMPEG_FN(av_image_get_buffer_size)
#define av_log_set_callback IO_FFMPEG_FN(av_log_set_callback)
#define av_malloc IO_FFMPEG_FN(av_malloc)
#define av_mallocz IO_FFMPEG_FN(av_mallocz)
#define av_opt_find IO_FFMPEG_FN(av_opt_find)
#define av_opt_set IO_FFMPEG_FN(av_opt_set)
#define av_opt_set_double IO_FFMPEG_FN(av_opt_set_double)
#define av_opt_set_int IO_FFMPEG_FN(av_opt_set_int)
#define av_pix_fmt_desc_get IO_FFMPEG_FN(av_pix_fmt_desc_get)
#define av_realloc_array IO_FFMPEG_FN(av_realloc_array)
#define av_rescale_q IO_FFMPEG_FN(av_rescale_q)
#define av_samples_alloc_array_and_samples IO_FFMPEG_FN(av_samples_alloc_array_and_samples)
#define av_strerror IO_FFMPEG_FN(av_strerror)
#define sws_freeContext IO_FFMPEG_FN(sws_freeContext)
#define sws_getCoefficients IO_FFMPEG_FN(sws_getCoefficients)
#define sws_getContext IO_FFMPEG_FN(sws_getContext)
#define sws_scale IO_FFMPEG_FN(sws_scale)
#define sws_setColorspaceDetails IO_FFMPEG_FN(sws_setColorspaceDetails)
#define swr_alloc_set_opts2 IO_FFMPEG_FN(swr_alloc_set_opts2)
#define swr_convert IO_FFMPEG_FN(swr_convert)
#define swr_free IO_FFMPEG_FN(swr_free)
#define swr_get_out_samples IO_FFMPEG_FN(swr_get_out_samples)
#define swr_init IO_FFMPEG_FN(swr_init)

#endif
