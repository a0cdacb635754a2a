# SPDX-License-Identifier: Apache-2.0
"""Register map of the link encryptor, generated from ip/link/link.rdl by
linecrypt/link/regs.py: do not edit.

REGS[path] = {offset, desc, fields: {name: (lsb, width, access, reset)}}.
"""

SIZE = 0x680

REGS = {'ID': {'offset': 0,
        'desc': "Identification: ASCII 'LCLK'.",
        'fields': {'id': (0, 32, 'r', 1279478859)}},
 'VERSION': {'offset': 4,
             'desc': 'Version of the register map and of the line format.',
             'fields': {'format': (0, 8, 'r', 1),
                        'patch': (8, 8, 'r', 0),
                        'minor': (16, 8, 'r', 1),
                        'major': (24, 8, 'r', 0)}},
 'BUILD': {'offset': 8,
           'desc': 'Build parameters.',
           'fields': {'channels': (0, 5, 'r', None),
                      'lanes': (8, 5, 'r', None),
                      'mode': (16, 1, 'r', None),
                      'cipher': (17, 1, 'r', None),
                      'log2_slots': (20, 2, 'r', None),
                      'frame_words': (22, 10, 'r', None)}},
 'LINE_RATE': {'offset': 12,
               'desc': 'Line bits per second the design is built for, in Mbit/s.',
               'fields': {'mbps': (0, 32, 'r', None)}},
 'CTRL': {'offset': 16,
          'desc': 'Control.',
          'fields': {'tx_en': (0, 1, 'rw', 0),
                     'rx_en': (1, 1, 'rw', 0),
                     'enc_en': (2, 1, 'rw', 1),
                     'cnt_clear': (3, 1, 'rw/pulse', 0),
                     'rx_resync': (4, 1, 'rw/pulse', 0)}},
 'CHAN_EN': {'offset': 20,
             'desc': 'Per-channel enable: bit i enables channel i on both directions.',
             'fields': {'en': (0, 16, 'rw', 65535)}},
 'PURGE_EN': {'offset': 24,
              'desc': 'Per-channel purge: bit i set drops every record for channel i of a frame '
                      'that failed authentication (default); clear, such records are delivered and '
                      'only the alarm and counters record the failure.',
              'fields': {'en': (0, 16, 'rw', 65535)}},
 'SYNC_PERIOD': {'offset': 28,
                 'desc': 'Data frames between sync frames. Default 763: one sync frame per '
                         'millisecond of a 100 Gbit/s line with K = 256.',
                 'fields': {'frames': (0, 32, 'rw', 763)}},
 'LOS_THRESHOLD': {'offset': 32,
                   'desc': 'Receiver: consecutive bad frames (failed tag, unknown header) that '
                           'drop SYNC to HUNT.',
                   'fields': {'k': (0, 8, 'rw', 4)}},
 'FLUSH_WORDS': {'offset': 36,
                 'desc': 'Transmitter: a partly filled data frame leaves once its oldest client '
                         'byte has waited this many word times.',
                 'fields': {'words': (0, 16, 'rw', 256)}},
 'AM_PERIOD': {'offset': 40,
               'desc': 'Block rounds per lane from one alignment-marker round to the next (both '
                       'ends). 15625: every 100 us at 10 Gbit/s per lane.',
               'fields': {'rounds': (0, 24, 'rw', 15625)}},
 'TX_SESSION': {'offset': 48,
                'desc': "Transmit session, the nonce's upper 32 bits (nonce = session || frame "
                        'counter). Writing it restarts the frame counter at 0 and arms the '
                        'transmitter; the transmitter sends nothing between reset and the first '
                        'write. A value not above the last one written since reset is refused '
                        '(STATUS.session_err). The host keeps the session in non-volatile storage '
                        'and advances it at every boot, or loads fresh keys after every reset.',
                'fields': {'session': (0, 32, 'rw', 0)}},
 'STATUS': {'offset': 52,
            'desc': 'Status.',
            'fields': {'tx_armed': (0, 1, 'r', None),
                       'rx_sync': (1, 1, 'r', None),
                       'lanes_aligned': (2, 1, 'r', None),
                       'session_err': (3, 1, 'r', None),
                       'tx_switch_pending': (4, 1, 'r', None),
                       'rx_next_key_missing': (5, 1, 'r', None),
                       'tx_key_missing': (6, 1, 'r', None)}},
 'EPOCH': {'offset': 56,
           'desc': 'Key epochs in use.',
           'fields': {'tx_epoch': (0, 16, 'r', None), 'rx_epoch': (16, 16, 'r', None)}},
 'RX_SESSION': {'offset': 60,
                'desc': 'Receiver: session learnt from the last accepted sync frame.',
                'fields': {'session': (0, 32, 'r', None)}},
 'KEY_DATA[0]': {'offset': 64,
                 'desc': 'Key load, write-only: eight words of key material, word 0 = key bytes '
                         '0..3 (byte 0 in bits 31:24). AES-128 and Serpent-128 use words 0..3. '
                         'Reads return 0; KEY_CMD.load clears the words.',
                 'fields': {'data': (0, 32, 'w', 0)}},
 'KEY_DATA[1]': {'offset': 68,
                 'desc': 'Key load, write-only: eight words of key material, word 0 = key bytes '
                         '0..3 (byte 0 in bits 31:24). AES-128 and Serpent-128 use words 0..3. '
                         'Reads return 0; KEY_CMD.load clears the words.',
                 'fields': {'data': (0, 32, 'w', 0)}},
 'KEY_DATA[2]': {'offset': 72,
                 'desc': 'Key load, write-only: eight words of key material, word 0 = key bytes '
                         '0..3 (byte 0 in bits 31:24). AES-128 and Serpent-128 use words 0..3. '
                         'Reads return 0; KEY_CMD.load clears the words.',
                 'fields': {'data': (0, 32, 'w', 0)}},
 'KEY_DATA[3]': {'offset': 76,
                 'desc': 'Key load, write-only: eight words of key material, word 0 = key bytes '
                         '0..3 (byte 0 in bits 31:24). AES-128 and Serpent-128 use words 0..3. '
                         'Reads return 0; KEY_CMD.load clears the words.',
                 'fields': {'data': (0, 32, 'w', 0)}},
 'KEY_DATA[4]': {'offset': 80,
                 'desc': 'Key load, write-only: eight words of key material, word 0 = key bytes '
                         '0..3 (byte 0 in bits 31:24). AES-128 and Serpent-128 use words 0..3. '
                         'Reads return 0; KEY_CMD.load clears the words.',
                 'fields': {'data': (0, 32, 'w', 0)}},
 'KEY_DATA[5]': {'offset': 84,
                 'desc': 'Key load, write-only: eight words of key material, word 0 = key bytes '
                         '0..3 (byte 0 in bits 31:24). AES-128 and Serpent-128 use words 0..3. '
                         'Reads return 0; KEY_CMD.load clears the words.',
                 'fields': {'data': (0, 32, 'w', 0)}},
 'KEY_DATA[6]': {'offset': 88,
                 'desc': 'Key load, write-only: eight words of key material, word 0 = key bytes '
                         '0..3 (byte 0 in bits 31:24). AES-128 and Serpent-128 use words 0..3. '
                         'Reads return 0; KEY_CMD.load clears the words.',
                 'fields': {'data': (0, 32, 'w', 0)}},
 'KEY_DATA[7]': {'offset': 92,
                 'desc': 'Key load, write-only: eight words of key material, word 0 = key bytes '
                         '0..3 (byte 0 in bits 31:24). AES-128 and Serpent-128 use words 0..3. '
                         'Reads return 0; KEY_CMD.load clears the words.',
                 'fields': {'data': (0, 32, 'w', 0)}},
 'KEY_CMD': {'offset': 96,
             'desc': 'Key command. Writing with load = 1 moves KEY_DATA into the slot (epoch mod '
                     'slots) of the selected directions and tags it with epoch; traffic keeps '
                     'flowing.',
             'fields': {'epoch': (0, 16, 'rw', 0),
                        'tx': (16, 1, 'rw', 0),
                        'rx': (17, 1, 'rw', 0),
                        'load': (31, 1, 'rw/pulse', 0)}},
 'KEY_STATUS': {'offset': 100,
                'desc': 'Key slots holding a key.',
                'fields': {'tx_valid': (0, 8, 'r', None), 'rx_valid': (8, 8, 'r', None)}},
 'KEY_SWITCH': {'offset': 104,
                'desc': 'Transmitter key switch: the first write after reset selects the epoch; '
                        'later writes must name the current epoch + 1, which a sync frame '
                        'announces and the transmitter uses from the announced frame counter on.',
                'fields': {'epoch': (0, 16, 'rw', 0)}},
 'ALARM': {'offset': 112,
           'desc': 'Per-channel authentication alarm, sticky: bit i is set when a frame naming '
                   'channel i fails authentication. Write 1 to clear.',
           'fields': {'alarm': (0, 16, 'rw/woclr', 0)}},
 'LANE_STATUS': {'offset': 116,
                 'desc': 'Lane status.',
                 'fields': {'locked': (0, 20, 'r', None),
                            'skew': (20, 8, 'r', None),
                            'deskew_err': (28, 1, 'r', None)}},
 'TX_TDM_FRAMES': {'offset': 128,
                   'desc': 'Transmit: data (TDM) frames sent.',
                   'fields': {'count': (0, 32, 'r', 0)}},
 'TX_SYNC_FRAMES': {'offset': 132,
                    'desc': 'Transmit: sync frames sent.',
                    'fields': {'count': (0, 32, 'r', 0)}},
 'TX_IDLE_WORDS': {'offset': 136,
                   'desc': 'Transmit: idle words sent between frames.',
                   'fields': {'count': (0, 32, 'r', 0)}},
 'TX_KEY_SWITCHES': {'offset': 140,
                     'desc': 'Transmit: key switches done.',
                     'fields': {'count': (0, 32, 'r', 0)}},
 'RX_TDM_FRAMES': {'offset': 144,
                   'desc': 'Receive: authentic data frames accepted.',
                   'fields': {'count': (0, 32, 'r', 0)}},
 'RX_SYNC_FRAMES': {'offset': 148,
                    'desc': 'Receive: authentic sync frames accepted.',
                    'fields': {'count': (0, 32, 'r', 0)}},
 'AUTH_FAIL': {'offset': 152,
               'desc': 'Receive: data frames that failed authentication (tag mismatch or no key '
                       'for their epoch).',
               'fields': {'count': (0, 32, 'r', 0)}},
 'PURGED_FRAMES': {'offset': 156,
                   'desc': 'Receive: failed data frames whose records were purged for at least one '
                           'channel.',
                   'fields': {'count': (0, 32, 'r', 0)}},
 'SYNC_LOSS': {'offset': 160,
               'desc': 'Receive: SYNC -> HUNT transitions (LOS_THRESHOLD consecutive bad frames).',
               'fields': {'count': (0, 32, 'r', 0)}},
 'SYNC_MISSED': {'offset': 164,
                 'desc': 'Receive: sync frames that did not arrive where the sync period puts '
                         'them.',
                 'fields': {'count': (0, 32, 'r', 0)}},
 'FRAMES_MISSING': {'offset': 168,
                    'desc': 'Receive: frames never seen: frame counter values skipped between '
                            'accepted frames, less the frames that failed authentication in '
                            'between.',
                    'fields': {'count': (0, 32, 'r', 0)}},
 'REPLAY_DROPS': {'offset': 172,
                  'desc': 'Receive: authentic frames dropped as stale (counter not above the last '
                          'accepted, older session or epoch): duplicates, reordered frames, '
                          'replays.',
                  'fields': {'count': (0, 32, 'r', 0)}},
 'HDR_ERRORS': {'offset': 176,
                'desc': 'Receive: runs of words in SYNC that start no frame (bad magic, version or '
                        'K).',
                'fields': {'count': (0, 32, 'r', 0)}},
 'SYNC_ERRORS': {'offset': 180,
                 'desc': 'Receive: sync frames that failed authentication in SYNC.',
                 'fields': {'count': (0, 32, 'r', 0)}},
 'SESSION_ERRORS': {'offset': 184,
                    'desc': 'Receive: authentic frames of a newer session seen before its sync '
                            'frame.',
                    'fields': {'count': (0, 32, 'r', 0)}},
 'REC_ERRORS': {'offset': 188,
                'desc': "Receive: authentic frames whose records do not tile 'used'.",
                'fields': {'count': (0, 32, 'r', 0)}},
 'HUNT_SKIPPED': {'offset': 192,
                  'desc': 'Receive: data frames skipped while hunting.',
                  'fields': {'count': (0, 32, 'r', 0)}},
 'RX_KEY_SWITCHES': {'offset': 196,
                     'desc': 'Receive: key switches followed.',
                     'fields': {'count': (0, 32, 'r', 0)}},
 'AM_ERRORS': {'offset': 200,
               'desc': 'Lanes: alignment markers missing or wrong where expected.',
               'fields': {'count': (0, 32, 'r', 0)}},
 'DESKEW_ERRORS': {'offset': 204,
                   'desc': 'Lanes: alignments refused because the skew exceeded the deskew buffer.',
                   'fields': {'count': (0, 32, 'r', 0)}},
 'CHAN[0].share': {'offset': 1024,
                   'desc': 'Deficit-round-robin quantum of this channel in bytes per round, a '
                           'multiple of 8. A backlogged channel gets at least SHARE / (sum of the '
                           "backlogged channels' SHARE) of the payload bytes.",
                   'fields': {'quantum': (0, 16, 'rw', 1024)}},
 'CHAN[0].tx_frames': {'offset': 1028,
                       'desc': 'Transmit: client frames sent on the line.',
                       'fields': {'count': (0, 32, 'r', 0)}},
 'CHAN[0].tx_bytes_lo': {'offset': 1032,
                         'desc': 'Transmit: client bytes sent, bits 31:0 (reading it latches '
                                 'tx_bytes_hi).',
                         'fields': {'count': (0, 32, 'r', 0)}},
 'CHAN[0].tx_bytes_hi': {'offset': 1036,
                         'desc': 'Transmit: client bytes sent, bits 63:32 as latched.',
                         'fields': {'count': (0, 32, 'r', 0)}},
 'CHAN[0].tx_drops': {'offset': 1040,
                      'desc': 'Transmit: client frames dropped at ingress (channel disabled or '
                              'ingress buffer full).',
                      'fields': {'count': (0, 32, 'r', 0)}},
 'CHAN[0].rx_frames': {'offset': 1044,
                       'desc': 'Receive: client frames delivered.',
                       'fields': {'count': (0, 32, 'r', 0)}},
 'CHAN[0].rx_bytes_lo': {'offset': 1048,
                         'desc': 'Receive: client bytes delivered, bits 31:0 (reading it latches '
                                 'rx_bytes_hi).',
                         'fields': {'count': (0, 32, 'r', 0)}},
 'CHAN[0].rx_bytes_hi': {'offset': 1052,
                         'desc': 'Receive: client bytes delivered, bits 63:32 as latched.',
                         'fields': {'count': (0, 32, 'r', 0)}},
 'CHAN[0].rx_drops': {'offset': 1056,
                      'desc': 'Receive: client frames discarded whole because one of their records '
                              'was missing (lost, purged or skipped frame).',
                      'fields': {'count': (0, 32, 'r', 0)}},
 'CHAN[0].auth_fail': {'offset': 1060,
                       'desc': 'Receive: TDM frames that failed authentication and whose header '
                               'names this channel in chan_map.',
                       'fields': {'count': (0, 32, 'r', 0)}},
 'CHAN[0].purged': {'offset': 1064,
                    'desc': 'Receive: such frames whose records for this channel were purged '
                            '(PURGE_EN bit set).',
                    'fields': {'count': (0, 32, 'r', 0)}},
 'CHAN[1].share': {'offset': 1088,
                   'desc': 'Deficit-round-robin quantum of this channel in bytes per round, a '
                           'multiple of 8. A backlogged channel gets at least SHARE / (sum of the '
                           "backlogged channels' SHARE) of the payload bytes.",
                   'fields': {'quantum': (0, 16, 'rw', 1024)}},
 'CHAN[1].tx_frames': {'offset': 1092,
                       'desc': 'Transmit: client frames sent on the line.',
                       'fields': {'count': (0, 32, 'r', 0)}},
 'CHAN[1].tx_bytes_lo': {'offset': 1096,
                         'desc': 'Transmit: client bytes sent, bits 31:0 (reading it latches '
                                 'tx_bytes_hi).',
                         'fields': {'count': (0, 32, 'r', 0)}},
 'CHAN[1].tx_bytes_hi': {'offset': 1100,
                         'desc': 'Transmit: client bytes sent, bits 63:32 as latched.',
                         'fields': {'count': (0, 32, 'r', 0)}},
 'CHAN[1].tx_drops': {'offset': 1104,
                      'desc': 'Transmit: client frames dropped at ingress (channel disabled or '
                              'ingress buffer full).',
                      'fields': {'count': (0, 32, 'r', 0)}},
 'CHAN[1].rx_frames': {'offset': 1108,
                       'desc': 'Receive: client frames delivered.',
                       'fields': {'count': (0, 32, 'r', 0)}},
 'CHAN[1].rx_bytes_lo': {'offset': 1112,
                         'desc': 'Receive: client bytes delivered, bits 31:0 (reading it latches '
                                 'rx_bytes_hi).',
                         'fields': {'count': (0, 32, 'r', 0)}},
 'CHAN[1].rx_bytes_hi': {'offset': 1116,
                         'desc': 'Receive: client bytes delivered, bits 63:32 as latched.',
                         'fields': {'count': (0, 32, 'r', 0)}},
 'CHAN[1].rx_drops': {'offset': 1120,
                      'desc': 'Receive: client frames discarded whole because one of their records '
                              'was missing (lost, purged or skipped frame).',
                      'fields': {'count': (0, 32, 'r', 0)}},
 'CHAN[1].auth_fail': {'offset': 1124,
                       'desc': 'Receive: TDM frames that failed authentication and whose header '
                               'names this channel in chan_map.',
                       'fields': {'count': (0, 32, 'r', 0)}},
 'CHAN[1].purged': {'offset': 1128,
                    'desc': 'Receive: such frames whose records for this channel were purged '
                            '(PURGE_EN bit set).',
                    'fields': {'count': (0, 32, 'r', 0)}},
 'CHAN[2].share': {'offset': 1152,
                   'desc': 'Deficit-round-robin quantum of this channel in bytes per round, a '
                           'multiple of 8. A backlogged channel gets at least SHARE / (sum of the '
                           "backlogged channels' SHARE) of the payload bytes.",
                   'fields': {'quantum': (0, 16, 'rw', 1024)}},
 'CHAN[2].tx_frames': {'offset': 1156,
                       'desc': 'Transmit: client frames sent on the line.',
                       'fields': {'count': (0, 32, 'r', 0)}},
 'CHAN[2].tx_bytes_lo': {'offset': 1160,
                         'desc': 'Transmit: client bytes sent, bits 31:0 (reading it latches '
                                 'tx_bytes_hi).',
                         'fields': {'count': (0, 32, 'r', 0)}},
 'CHAN[2].tx_bytes_hi': {'offset': 1164,
                         'desc': 'Transmit: client bytes sent, bits 63:32 as latched.',
                         'fields': {'count': (0, 32, 'r', 0)}},
 'CHAN[2].tx_drops': {'offset': 1168,
                      'desc': 'Transmit: client frames dropped at ingress (channel disabled or '
                              'ingress buffer full).',
                      'fields': {'count': (0, 32, 'r', 0)}},
 'CHAN[2].rx_frames': {'offset': 1172,
                       'desc': 'Receive: client frames delivered.',
                       'fields': {'count': (0, 32, 'r', 0)}},
 'CHAN[2].rx_bytes_lo': {'offset': 1176,
                         'desc': 'Receive: client bytes delivered, bits 31:0 (reading it latches '
                                 'rx_bytes_hi).',
                         'fields': {'count': (0, 32, 'r', 0)}},
 'CHAN[2].rx_bytes_hi': {'offset': 1180,
                         'desc': 'Receive: client bytes delivered, bits 63:32 as latched.',
                         'fields': {'count': (0, 32, 'r', 0)}},
 'CHAN[2].rx_drops': {'offset': 1184,
                      'desc': 'Receive: client frames discarded whole because one of their records '
                              'was missing (lost, purged or skipped frame).',
                      'fields': {'count': (0, 32, 'r', 0)}},
 'CHAN[2].auth_fail': {'offset': 1188,
                       'desc': 'Receive: TDM frames that failed authentication and whose header '
                               'names this channel in chan_map.',
                       'fields': {'count': (0, 32, 'r', 0)}},
 'CHAN[2].purged': {'offset': 1192,
                    'desc': 'Receive: such frames whose records for this channel were purged '
                            '(PURGE_EN bit set).',
                    'fields': {'count': (0, 32, 'r', 0)}},
 'CHAN[3].share': {'offset': 1216,
                   'desc': 'Deficit-round-robin quantum of this channel in bytes per round, a '
                           'multiple of 8. A backlogged channel gets at least SHARE / (sum of the '
                           "backlogged channels' SHARE) of the payload bytes.",
                   'fields': {'quantum': (0, 16, 'rw', 1024)}},
 'CHAN[3].tx_frames': {'offset': 1220,
                       'desc': 'Transmit: client frames sent on the line.',
                       'fields': {'count': (0, 32, 'r', 0)}},
 'CHAN[3].tx_bytes_lo': {'offset': 1224,
                         'desc': 'Transmit: client bytes sent, bits 31:0 (reading it latches '
                                 'tx_bytes_hi).',
                         'fields': {'count': (0, 32, 'r', 0)}},
 'CHAN[3].tx_bytes_hi': {'offset': 1228,
                         'desc': 'Transmit: client bytes sent, bits 63:32 as latched.',
                         'fields': {'count': (0, 32, 'r', 0)}},
 'CHAN[3].tx_drops': {'offset': 1232,
                      'desc': 'Transmit: client frames dropped at ingress (channel disabled or '
                              'ingress buffer full).',
                      'fields': {'count': (0, 32, 'r', 0)}},
 'CHAN[3].rx_frames': {'offset': 1236,
                       'desc': 'Receive: client frames delivered.',
                       'fields': {'count': (0, 32, 'r', 0)}},
 'CHAN[3].rx_bytes_lo': {'offset': 1240,
                         'desc': 'Receive: client bytes delivered, bits 31:0 (reading it latches '
                                 'rx_bytes_hi).',
                         'fields': {'count': (0, 32, 'r', 0)}},
 'CHAN[3].rx_bytes_hi': {'offset': 1244,
                         'desc': 'Receive: client bytes delivered, bits 63:32 as latched.',
                         'fields': {'count': (0, 32, 'r', 0)}},
 'CHAN[3].rx_drops': {'offset': 1248,
                      'desc': 'Receive: client frames discarded whole because one of their records '
                              'was missing (lost, purged or skipped frame).',
                      'fields': {'count': (0, 32, 'r', 0)}},
 'CHAN[3].auth_fail': {'offset': 1252,
                       'desc': 'Receive: TDM frames that failed authentication and whose header '
                               'names this channel in chan_map.',
                       'fields': {'count': (0, 32, 'r', 0)}},
 'CHAN[3].purged': {'offset': 1256,
                    'desc': 'Receive: such frames whose records for this channel were purged '
                            '(PURGE_EN bit set).',
                    'fields': {'count': (0, 32, 'r', 0)}},
 'CHAN[4].share': {'offset': 1280,
                   'desc': 'Deficit-round-robin quantum of this channel in bytes per round, a '
                           'multiple of 8. A backlogged channel gets at least SHARE / (sum of the '
                           "backlogged channels' SHARE) of the payload bytes.",
                   'fields': {'quantum': (0, 16, 'rw', 1024)}},
 'CHAN[4].tx_frames': {'offset': 1284,
                       'desc': 'Transmit: client frames sent on the line.',
                       'fields': {'count': (0, 32, 'r', 0)}},
 'CHAN[4].tx_bytes_lo': {'offset': 1288,
                         'desc': 'Transmit: client bytes sent, bits 31:0 (reading it latches '
                                 'tx_bytes_hi).',
                         'fields': {'count': (0, 32, 'r', 0)}},
 'CHAN[4].tx_bytes_hi': {'offset': 1292,
                         'desc': 'Transmit: client bytes sent, bits 63:32 as latched.',
                         'fields': {'count': (0, 32, 'r', 0)}},
 'CHAN[4].tx_drops': {'offset': 1296,
                      'desc': 'Transmit: client frames dropped at ingress (channel disabled or '
                              'ingress buffer full).',
                      'fields': {'count': (0, 32, 'r', 0)}},
 'CHAN[4].rx_frames': {'offset': 1300,
                       'desc': 'Receive: client frames delivered.',
                       'fields': {'count': (0, 32, 'r', 0)}},
 'CHAN[4].rx_bytes_lo': {'offset': 1304,
                         'desc': 'Receive: client bytes delivered, bits 31:0 (reading it latches '
                                 'rx_bytes_hi).',
                         'fields': {'count': (0, 32, 'r', 0)}},
 'CHAN[4].rx_bytes_hi': {'offset': 1308,
                         'desc': 'Receive: client bytes delivered, bits 63:32 as latched.',
                         'fields': {'count': (0, 32, 'r', 0)}},
 'CHAN[4].rx_drops': {'offset': 1312,
                      'desc': 'Receive: client frames discarded whole because one of their records '
                              'was missing (lost, purged or skipped frame).',
                      'fields': {'count': (0, 32, 'r', 0)}},
 'CHAN[4].auth_fail': {'offset': 1316,
                       'desc': 'Receive: TDM frames that failed authentication and whose header '
                               'names this channel in chan_map.',
                       'fields': {'count': (0, 32, 'r', 0)}},
 'CHAN[4].purged': {'offset': 1320,
                    'desc': 'Receive: such frames whose records for this channel were purged '
                            '(PURGE_EN bit set).',
                    'fields': {'count': (0, 32, 'r', 0)}},
 'CHAN[5].share': {'offset': 1344,
                   'desc': 'Deficit-round-robin quantum of this channel in bytes per round, a '
                           'multiple of 8. A backlogged channel gets at least SHARE / (sum of the '
                           "backlogged channels' SHARE) of the payload bytes.",
                   'fields': {'quantum': (0, 16, 'rw', 1024)}},
 'CHAN[5].tx_frames': {'offset': 1348,
                       'desc': 'Transmit: client frames sent on the line.',
                       'fields': {'count': (0, 32, 'r', 0)}},
 'CHAN[5].tx_bytes_lo': {'offset': 1352,
                         'desc': 'Transmit: client bytes sent, bits 31:0 (reading it latches '
                                 'tx_bytes_hi).',
                         'fields': {'count': (0, 32, 'r', 0)}},
 'CHAN[5].tx_bytes_hi': {'offset': 1356,
                         'desc': 'Transmit: client bytes sent, bits 63:32 as latched.',
                         'fields': {'count': (0, 32, 'r', 0)}},
 'CHAN[5].tx_drops': {'offset': 1360,
                      'desc': 'Transmit: client frames dropped at ingress (channel disabled or '
                              'ingress buffer full).',
                      'fields': {'count': (0, 32, 'r', 0)}},
 'CHAN[5].rx_frames': {'offset': 1364,
                       'desc': 'Receive: client frames delivered.',
                       'fields': {'count': (0, 32, 'r', 0)}},
 'CHAN[5].rx_bytes_lo': {'offset': 1368,
                         'desc': 'Receive: client bytes delivered, bits 31:0 (reading it latches '
                                 'rx_bytes_hi).',
                         'fields': {'count': (0, 32, 'r', 0)}},
 'CHAN[5].rx_bytes_hi': {'offset': 1372,
                         'desc': 'Receive: client bytes delivered, bits 63:32 as latched.',
                         'fields': {'count': (0, 32, 'r', 0)}},
 'CHAN[5].rx_drops': {'offset': 1376,
                      'desc': 'Receive: client frames discarded whole because one of their records '
                              'was missing (lost, purged or skipped frame).',
                      'fields': {'count': (0, 32, 'r', 0)}},
 'CHAN[5].auth_fail': {'offset': 1380,
                       'desc': 'Receive: TDM frames that failed authentication and whose header '
                               'names this channel in chan_map.',
                       'fields': {'count': (0, 32, 'r', 0)}},
 'CHAN[5].purged': {'offset': 1384,
                    'desc': 'Receive: such frames whose records for this channel were purged '
                            '(PURGE_EN bit set).',
                    'fields': {'count': (0, 32, 'r', 0)}},
 'CHAN[6].share': {'offset': 1408,
                   'desc': 'Deficit-round-robin quantum of this channel in bytes per round, a '
                           'multiple of 8. A backlogged channel gets at least SHARE / (sum of the '
                           "backlogged channels' SHARE) of the payload bytes.",
                   'fields': {'quantum': (0, 16, 'rw', 1024)}},
 'CHAN[6].tx_frames': {'offset': 1412,
                       'desc': 'Transmit: client frames sent on the line.',
                       'fields': {'count': (0, 32, 'r', 0)}},
 'CHAN[6].tx_bytes_lo': {'offset': 1416,
                         'desc': 'Transmit: client bytes sent, bits 31:0 (reading it latches '
                                 'tx_bytes_hi).',
                         'fields': {'count': (0, 32, 'r', 0)}},
 'CHAN[6].tx_bytes_hi': {'offset': 1420,
                         'desc': 'Transmit: client bytes sent, bits 63:32 as latched.',
                         'fields': {'count': (0, 32, 'r', 0)}},
 'CHAN[6].tx_drops': {'offset': 1424,
                      'desc': 'Transmit: client frames dropped at ingress (channel disabled or '
                              'ingress buffer full).',
                      'fields': {'count': (0, 32, 'r', 0)}},
 'CHAN[6].rx_frames': {'offset': 1428,
                       'desc': 'Receive: client frames delivered.',
                       'fields': {'count': (0, 32, 'r', 0)}},
 'CHAN[6].rx_bytes_lo': {'offset': 1432,
                         'desc': 'Receive: client bytes delivered, bits 31:0 (reading it latches '
                                 'rx_bytes_hi).',
                         'fields': {'count': (0, 32, 'r', 0)}},
 'CHAN[6].rx_bytes_hi': {'offset': 1436,
                         'desc': 'Receive: client bytes delivered, bits 63:32 as latched.',
                         'fields': {'count': (0, 32, 'r', 0)}},
 'CHAN[6].rx_drops': {'offset': 1440,
                      'desc': 'Receive: client frames discarded whole because one of their records '
                              'was missing (lost, purged or skipped frame).',
                      'fields': {'count': (0, 32, 'r', 0)}},
 'CHAN[6].auth_fail': {'offset': 1444,
                       'desc': 'Receive: TDM frames that failed authentication and whose header '
                               'names this channel in chan_map.',
                       'fields': {'count': (0, 32, 'r', 0)}},
 'CHAN[6].purged': {'offset': 1448,
                    'desc': 'Receive: such frames whose records for this channel were purged '
                            '(PURGE_EN bit set).',
                    'fields': {'count': (0, 32, 'r', 0)}},
 'CHAN[7].share': {'offset': 1472,
                   'desc': 'Deficit-round-robin quantum of this channel in bytes per round, a '
                           'multiple of 8. A backlogged channel gets at least SHARE / (sum of the '
                           "backlogged channels' SHARE) of the payload bytes.",
                   'fields': {'quantum': (0, 16, 'rw', 1024)}},
 'CHAN[7].tx_frames': {'offset': 1476,
                       'desc': 'Transmit: client frames sent on the line.',
                       'fields': {'count': (0, 32, 'r', 0)}},
 'CHAN[7].tx_bytes_lo': {'offset': 1480,
                         'desc': 'Transmit: client bytes sent, bits 31:0 (reading it latches '
                                 'tx_bytes_hi).',
                         'fields': {'count': (0, 32, 'r', 0)}},
 'CHAN[7].tx_bytes_hi': {'offset': 1484,
                         'desc': 'Transmit: client bytes sent, bits 63:32 as latched.',
                         'fields': {'count': (0, 32, 'r', 0)}},
 'CHAN[7].tx_drops': {'offset': 1488,
                      'desc': 'Transmit: client frames dropped at ingress (channel disabled or '
                              'ingress buffer full).',
                      'fields': {'count': (0, 32, 'r', 0)}},
 'CHAN[7].rx_frames': {'offset': 1492,
                       'desc': 'Receive: client frames delivered.',
                       'fields': {'count': (0, 32, 'r', 0)}},
 'CHAN[7].rx_bytes_lo': {'offset': 1496,
                         'desc': 'Receive: client bytes delivered, bits 31:0 (reading it latches '
                                 'rx_bytes_hi).',
                         'fields': {'count': (0, 32, 'r', 0)}},
 'CHAN[7].rx_bytes_hi': {'offset': 1500,
                         'desc': 'Receive: client bytes delivered, bits 63:32 as latched.',
                         'fields': {'count': (0, 32, 'r', 0)}},
 'CHAN[7].rx_drops': {'offset': 1504,
                      'desc': 'Receive: client frames discarded whole because one of their records '
                              'was missing (lost, purged or skipped frame).',
                      'fields': {'count': (0, 32, 'r', 0)}},
 'CHAN[7].auth_fail': {'offset': 1508,
                       'desc': 'Receive: TDM frames that failed authentication and whose header '
                               'names this channel in chan_map.',
                       'fields': {'count': (0, 32, 'r', 0)}},
 'CHAN[7].purged': {'offset': 1512,
                    'desc': 'Receive: such frames whose records for this channel were purged '
                            '(PURGE_EN bit set).',
                    'fields': {'count': (0, 32, 'r', 0)}},
 'CHAN[8].share': {'offset': 1536,
                   'desc': 'Deficit-round-robin quantum of this channel in bytes per round, a '
                           'multiple of 8. A backlogged channel gets at least SHARE / (sum of the '
                           "backlogged channels' SHARE) of the payload bytes.",
                   'fields': {'quantum': (0, 16, 'rw', 1024)}},
 'CHAN[8].tx_frames': {'offset': 1540,
                       'desc': 'Transmit: client frames sent on the line.',
                       'fields': {'count': (0, 32, 'r', 0)}},
 'CHAN[8].tx_bytes_lo': {'offset': 1544,
                         'desc': 'Transmit: client bytes sent, bits 31:0 (reading it latches '
                                 'tx_bytes_hi).',
                         'fields': {'count': (0, 32, 'r', 0)}},
 'CHAN[8].tx_bytes_hi': {'offset': 1548,
                         'desc': 'Transmit: client bytes sent, bits 63:32 as latched.',
                         'fields': {'count': (0, 32, 'r', 0)}},
 'CHAN[8].tx_drops': {'offset': 1552,
                      'desc': 'Transmit: client frames dropped at ingress (channel disabled or '
                              'ingress buffer full).',
                      'fields': {'count': (0, 32, 'r', 0)}},
 'CHAN[8].rx_frames': {'offset': 1556,
                       'desc': 'Receive: client frames delivered.',
                       'fields': {'count': (0, 32, 'r', 0)}},
 'CHAN[8].rx_bytes_lo': {'offset': 1560,
                         'desc': 'Receive: client bytes delivered, bits 31:0 (reading it latches '
                                 'rx_bytes_hi).',
                         'fields': {'count': (0, 32, 'r', 0)}},
 'CHAN[8].rx_bytes_hi': {'offset': 1564,
                         'desc': 'Receive: client bytes delivered, bits 63:32 as latched.',
                         'fields': {'count': (0, 32, 'r', 0)}},
 'CHAN[8].rx_drops': {'offset': 1568,
                      'desc': 'Receive: client frames discarded whole because one of their records '
                              'was missing (lost, purged or skipped frame).',
                      'fields': {'count': (0, 32, 'r', 0)}},
 'CHAN[8].auth_fail': {'offset': 1572,
                       'desc': 'Receive: TDM frames that failed authentication and whose header '
                               'names this channel in chan_map.',
                       'fields': {'count': (0, 32, 'r', 0)}},
 'CHAN[8].purged': {'offset': 1576,
                    'desc': 'Receive: such frames whose records for this channel were purged '
                            '(PURGE_EN bit set).',
                    'fields': {'count': (0, 32, 'r', 0)}},
 'CHAN[9].share': {'offset': 1600,
                   'desc': 'Deficit-round-robin quantum of this channel in bytes per round, a '
                           'multiple of 8. A backlogged channel gets at least SHARE / (sum of the '
                           "backlogged channels' SHARE) of the payload bytes.",
                   'fields': {'quantum': (0, 16, 'rw', 1024)}},
 'CHAN[9].tx_frames': {'offset': 1604,
                       'desc': 'Transmit: client frames sent on the line.',
                       'fields': {'count': (0, 32, 'r', 0)}},
 'CHAN[9].tx_bytes_lo': {'offset': 1608,
                         'desc': 'Transmit: client bytes sent, bits 31:0 (reading it latches '
                                 'tx_bytes_hi).',
                         'fields': {'count': (0, 32, 'r', 0)}},
 'CHAN[9].tx_bytes_hi': {'offset': 1612,
                         'desc': 'Transmit: client bytes sent, bits 63:32 as latched.',
                         'fields': {'count': (0, 32, 'r', 0)}},
 'CHAN[9].tx_drops': {'offset': 1616,
                      'desc': 'Transmit: client frames dropped at ingress (channel disabled or '
                              'ingress buffer full).',
                      'fields': {'count': (0, 32, 'r', 0)}},
 'CHAN[9].rx_frames': {'offset': 1620,
                       'desc': 'Receive: client frames delivered.',
                       'fields': {'count': (0, 32, 'r', 0)}},
 'CHAN[9].rx_bytes_lo': {'offset': 1624,
                         'desc': 'Receive: client bytes delivered, bits 31:0 (reading it latches '
                                 'rx_bytes_hi).',
                         'fields': {'count': (0, 32, 'r', 0)}},
 'CHAN[9].rx_bytes_hi': {'offset': 1628,
                         'desc': 'Receive: client bytes delivered, bits 63:32 as latched.',
                         'fields': {'count': (0, 32, 'r', 0)}},
 'CHAN[9].rx_drops': {'offset': 1632,
                      'desc': 'Receive: client frames discarded whole because one of their records '
                              'was missing (lost, purged or skipped frame).',
                      'fields': {'count': (0, 32, 'r', 0)}},
 'CHAN[9].auth_fail': {'offset': 1636,
                       'desc': 'Receive: TDM frames that failed authentication and whose header '
                               'names this channel in chan_map.',
                       'fields': {'count': (0, 32, 'r', 0)}},
 'CHAN[9].purged': {'offset': 1640,
                    'desc': 'Receive: such frames whose records for this channel were purged '
                            '(PURGE_EN bit set).',
                    'fields': {'count': (0, 32, 'r', 0)}}}
