package br.com.lojaapi.query.comum;

import jakarta.persistence.Column;
import jakarta.persistence.Id;
import jakarta.persistence.MappedSuperclass;

import java.time.Instant;

/**
 * The columns every JPA read-model row has: its aggregate's id, when it was created and last changed, and the
 * version (the aggregate's sequence number) of the last event applied to it, which guards every write
 * ({@link ProjecaoJpa}). A table whose columns have other names maps them with {@code @AttributeOverride}.
 */
@MappedSuperclass
public abstract class RegistroVersionado {

    @Id
    private String id;
    @Column(name = "criado_em", nullable = false)
    private Instant criadoEm;
    @Column(name = "atualizado_em", nullable = false)
    private Instant atualizadoEm;
    @Column(nullable = false)
    private long versao;

    protected RegistroVersionado() {
        // JPA
    }

    protected RegistroVersionado(String id, Instant criadoEm) {
        this.id = id;
        this.criadoEm = criadoEm;
    }

    /** The row as the event of {@code versao}, of {@code quando}, left it. */
    protected void tocar(Instant quando, long versao) {
        this.atualizadoEm = quando;
        this.versao = versao;
    }

    /** An event that changes nothing shown still moves the row to its version. */
    protected void tocar(long versao) {
        this.versao = versao;
    }

    public String id() {
        return id;
    }

    public Instant criadoEm() {
        return criadoEm;
    }

    public Instant atualizadoEm() {
        return atualizadoEm;
    }

    public long versao() {
        return versao;
    }
}
