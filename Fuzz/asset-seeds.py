#!/usr/bin/env python3
"""Writes small asset catalogues (Assets.car) into the folder given, as seeds for FuzzAssets.

The real catalogue is 1.5 MB, which libFuzzer runs a few times a second; these few hundred
bytes run thousands of times a second and hold what the decode budget and the file-name
check look at: flat BGRA images stored raw, a canvas of LZVN-compressed zeros at 2x, and an
image named '../x'. The layout is the one Tests/Support/TestAssetCatalog.swift writes.
"""
import struct
import sys


def le16(value): return struct.pack('<H', value)
def le32(value): return struct.pack('<I', value)
def be16(value): return struct.pack('>H', value)
def be32(value): return struct.pack('>I', value)


def zeros(count):
    """An LZFSE stream (one LZVN block) of `count` zero bytes."""
    payload = bytes([0x40, 0x01, 0x00])
    left = count - 4
    while left >= 16:
        length = min(left, 271)
        payload += bytes([0xF0, length - 16])
        left -= length
    if left:
        payload += bytes([0xF0 | left])
    payload += bytes([0x06, 0, 0, 0, 0, 0, 0, 0])
    return b'bvxn' + le32(count) + le32(len(payload)) + payload + b'bvx$'


def flat(name, width, height):
    return (name, width, height, 1, bytes([0x30, 0x60, 0x90, 0xFF]) * (width * height))


def csi(image):
    name, width, height, scale, stream = image
    record = b'ISTC' + le32(1) + le32(0) + le32(width) + le32(height) + le32(scale * 100) + b'BGRA'
    record += le32(0) + le32(0) + le16(12) + le16(0)
    file_name = (name + ('@%dx' % scale if scale > 1 else '') + '.png').encode()[:127]
    record += file_name + bytes(128 - len(file_name))
    data = b'MLEC' + le32(0) + le32(11 if stream.startswith(b'bvx') else 0) + le32(len(stream)) + stream
    return record + le32(0) + le32(0) + le32(0) + le32(len(data)) + data


def catalogue(images):
    blocks = []

    def add(block):
        blocks.append(block)
        return len(blocks)

    def leaf(entries):
        return be16(1) + be16(len(entries)) + be32(0) + be32(0) + b''.join(be32(v) + be32(k) for v, k in entries)

    def tree(root):
        return b'tree' + be32(1) + be32(root) + be32(4096) + be32(0) + b'\0'

    header = add(b'RATC' + le32(800) + le32(17))
    key_format = add(b'tmfk' + le32(0) + le32(1) + le32(17))
    facets, renditions = [], []
    for number, image in enumerate(images, start=1):
        facets.append((add(le16(0) + le16(0) + le16(1) + le16(17) + le16(number)), add(image[0].encode())))
        renditions.append((add(csi(image)), add(le16(number))))
    facet_tree = add(tree(add(leaf(facets))))
    rendition_tree = add(tree(add(leaf(renditions))))
    start = b'BOMStore' + be32(1) + be32(len(blocks))
    body, addresses = b'', []
    for block in blocks:
        addresses.append((len(start) + 16 + len(body), len(block)))
        body += block
    index = be32(len(blocks) + 1) + be32(0) + be32(0) + b''.join(be32(a) + be32(n) for a, n in addresses)
    variables = be32(4) + b''.join(be32(block) + bytes([len(name)]) + name.encode() for name, block in
                                   [('CARHEADER', header), ('KEYFORMAT', key_format), ('FACETKEYS', facet_tree),
                                    ('RENDITIONS', rendition_tree)])
    index_at = len(start) + 16 + len(body)
    return start + be32(index_at) + be32(len(index)) + be32(index_at + len(index)) + be32(len(variables)) + body + index + variables


folder = sys.argv[1]
seeds = {
    'images.car': [flat('gear', 8, 8), flat('tile', 4, 2), ('zeros', 16, 16, 2, zeros(16 * 16 * 4))],
    'climbing-name.car': [flat('gear', 2, 2), flat('../x', 2, 2)],
}
for name, images in seeds.items():
    with open(folder + '/' + name, 'wb') as file:
        file.write(catalogue(images))
