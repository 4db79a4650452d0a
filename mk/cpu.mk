# CPU identity, features and SMT topology (kernel/cpu/), SMBIOS (kernel/smbios/).
CPU_SRCS    := kernel/cpu/cpu_identity.c kernel/cpu/cpu_features.c kernel/cpu/topology.c
SMBIOS_SRCS := kernel/smbios/smbios_entry.c kernel/smbios/smbios_table.c

KERNEL_SRCS += $(CPU_SRCS) $(SMBIOS_SRCS)

# cpu_identity_write_meta writes metadata lines through the stream writer.
CPU_STREAM_SRCS := kernel/stream/stream.c kernel/lib/fmt.c kernel/lib/crc32.c

UNIT_TESTS += test_cpu_identity test_topology test_smbios
test_cpu_identity_SRCS := tests/unit/cpu/test_cpu_identity.c tests/unit/cpu/cpuid_table.c \
	kernel/cpu/cpu_identity.c kernel/cpu/cpu_features.c $(CPU_STREAM_SRCS) tests/unit/support/stream_text.c
test_topology_SRCS := tests/unit/cpu/test_topology.c tests/unit/cpu/cpuid_table.c $(CPU_SRCS) $(CPU_STREAM_SRCS)
test_smbios_SRCS := tests/unit/smbios/test_smbios.c $(SMBIOS_SRCS)

FUZZERS += fuzz_smbios
fuzz_smbios_SRCS := tests/fuzz/fuzz_smbios.c $(SMBIOS_SRCS)
fuzz_smbios_CORPUS := tests/fuzz/corpus/smbios
