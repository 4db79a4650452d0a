/*
 * SSDT for the Linux guest of `make linux-guest` and
 * tests/qemu/test_linux_guest.sh (scripts/linux-guest.sh): the _CST of
 * cst-c2-0x414.asl (C1 FFixedHW MWAIT hint 0, latency 1 us; C2 SystemIO
 * port 0x414, latency 400 us; see that file for where its shape comes
 * from) on the three vCPUs of -smp 3,sockets=1,cores=2,threads=2,maxcpus=4,
 * \_SB.CPUS.C000 to C002 in QEMU's DSDT, so that each parked CPU of
 * placement=both (the sibling cpu1 and cpu2 on the other core) offers the
 * same states. Linux's acpi_idle offers C1 as "ACPI HLT" there: TCG's
 * -cpu max has no MONITOR/MWAIT, so acpi_processor_ffh_cstate_probe fails
 * and acpi_processor_evaluate_cst (drivers/acpi/acpi_processor.c; before
 * 5.10 processor_idle.c) enters an FFH C1 with HLT, desc "ACPI HLT", as it
 * does on hardware booted with idle=nomwait.
 * Build with: iasl -p cst-c2-0x414-3cpus cst-c2-0x414-3cpus.asl
 */
DefinitionBlock ("", "SSDT", 2, "IDLEB", "CSTC2X3", 0x00000001)
{
    External (\_SB.CPUS.C000, ProcessorObj)
    External (\_SB.CPUS.C001, ProcessorObj)
    External (\_SB.CPUS.C002, ProcessorObj)

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

    Scope (\_SB.CPUS.C002)
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
