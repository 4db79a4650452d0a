/*
 * SSDT for the QEMU test qtest_platform_cst_ssdt_gives_c2_port_0x414
 * (tests/qemu/test_platform.sh): a _CST whose C2 entry is the I/O port 0x414.
 * Pass it with: qemu-system-x86_64 ... -acpitable file=cst-c2-0x414.aml
 * Build with:   iasl -p cst-c2-0x414 cst-c2-0x414.asl   (writes the .aml)
 *
 * QEMU's DSDT declares every vCPU as a Processor() object named C%03X
 * inside Device (\_SB.CPUS): \_SB.CPUS.C000, \_SB.CPUS.C001, ... (verified
 * for QEMU 7.2, machines pc and q35, by dumping guest memory with the
 * monitor's pmemsave and disassembling the DSDT with iasl; not yet checked
 * on QEMU 10.0).
 * We add _CST to the first two, which exist in every test configuration
 * (-smp 2 and -smp 4); the second scope repeats the first so the decoder's
 * de-duplication is exercised.
 *
 * The package copies the shape of real Zen firmware (ASRock B450M Pro4,
 * tests/fixtures/acpi/amd-zenplus-asrock-b450m-pro4.txt, SSDT1):
 *   C1 = FFixedHW, bit width 2 (AMD native), bit offset 2 (MWAIT), hint 0,
 *        latency 1 us;
 *   C2 = SystemIO port 0x414, 8 bits, latency 400 us.
 * Expected metadata: acpi_cstates=C1:ffh:0x0:1;C2:io:0x414:400
 *                    c2_port=0x414 c2_source=_CST
 * (QEMU emulates no C-state hardware: a read of port 0x414 just returns
 * 0xFF, which is all the idle loop needs.)
 */
DefinitionBlock ("", "SSDT", 2, "IDLEB", "CSTC2", 0x00000001)
{
    External (\_SB.CPUS.C000, ProcessorObj)
    External (\_SB.CPUS.C001, ProcessorObj)

    Scope (\_SB.CPUS.C000)
    {
        Name (_CST, Package (0x03)
        {
            0x02,
            Package (0x04)
            {
                ResourceTemplate ()
                {
                    Register (FFixedHW, 0x02, 0x02, 0x0000000000000000, 0x01, )
                },
                0x01,
                0x0001,
                0x00000000
            },
            Package (0x04)
            {
                ResourceTemplate ()
                {
                    Register (SystemIO, 0x08, 0x00, 0x0000000000000414, 0x01, )
                },
                0x02,
                0x0190,
                0x00000000
            }
        })
    }

    Scope (\_SB.CPUS.C001)
    {
        Name (_CST, Package (0x03)
        {
            0x02,
            Package (0x04)
            {
                ResourceTemplate ()
                {
                    Register (FFixedHW, 0x02, 0x02, 0x0000000000000000, 0x01, )
                },
                0x01,
                0x0001,
                0x00000000
            },
            Package (0x04)
            {
                ResourceTemplate ()
                {
                    Register (SystemIO, 0x08, 0x00, 0x0000000000000414, 0x01, )
                },
                0x02,
                0x0190,
                0x00000000
            }
        })
    }
}
