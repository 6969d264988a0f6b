package br.com.lojaapi.command.cliente;

import br.com.lojaapi.coreapi.cliente.AlteracaoCliente;
import br.com.lojaapi.coreapi.cliente.AlterarClienteCommand;
import br.com.lojaapi.coreapi.cliente.CriarClienteCommand;
import org.axonframework.commandhandling.gateway.CommandGateway;
import org.springframework.stereotype.Service;
import org.springframework.transaction.annotation.Transactional;

import java.time.Instant;
import java.util.Optional;

/**
 * POST /clientes: upsert by document. The normalised document is locked (a transaction-level advisory lock, so on
 * every node) before it is looked up, so concurrent calls with one new document create one customer and update it
 * after; "11.222.333/0001-81" and "11222333000181" are one key.
 * <p>
 * The command runs in-thread inside this transaction; a concurrency conflict must retry the whole call.
 */
@Service
public class CadastroDeClientes {

    private final CommandGateway comandos;
    private final ClienteLookup clientes;

    CadastroDeClientes(CommandGateway comandos, ClienteLookup clientes) {
        this.comandos = comandos;
        this.clientes = clientes;
    }

    /** {@code criado}: the document was new in the store and the customer got {@code novoClienteId}. */
    public record Cadastro(String clienteId, boolean criado, long versao) {
    }

    @Transactional
    public Cadastro criarOuAtualizar(String lojaId, String novoClienteId, AlteracaoCliente dados, Instant agora) {
        String documento = RegrasDeCliente.chave(dados.documento());
        clientes.travar(lojaId, documento);
        Optional<String> existente = clientes.porDocumento(lojaId, documento);
        if (existente.isEmpty()) {
            Long versao = comandos.sendAndWait(new CriarClienteCommand(novoClienteId, lojaId, dados, agora));
            return new Cadastro(novoClienteId, true, versao);
        }
        Long versao = comandos.sendAndWait(new AlterarClienteCommand(existente.get(), lojaId, dados, agora));
        return new Cadastro(existente.get(), false, versao);
    }
}
